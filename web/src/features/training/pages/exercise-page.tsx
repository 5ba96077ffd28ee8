import { Link, useParams } from 'wouter';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { DataTable, type Column } from '@/components/ui/data-table';
import { workoutPath } from '@/app/paths';
import { useExercise } from '../api/programs';
import { LibraryPageShell } from '../components/library-page-shell';

type Standard = { division: string; standard: string };

const STANDARD_COLUMNS: Column<Standard>[] = [
  { header: 'Division', cell: (s) => s.division, className: 'font-semibold' },
  { header: 'Standard', cell: (s) => s.standard },
];

/** /exercises/:slug: how to do it, standards per division, scaling, workouts that use it. */
export default function ExercisePage() {
  const { slug = '' } = useParams<{ slug: string }>();
  const ex = useExercise(slug);
  return (
    <LibraryPageShell query={ex} notFound="Exercise not found">
      {(e) => (
        <>
          <header>
            <div className="flex flex-wrap gap-2">
              {e.station ? <Badge variant="primary">Station {e.station} of 8</Badge> : <Badge variant="outline">{e.category}</Badge>}
              {e.raceWork && <Badge variant="outline">Race: {e.raceWork}</Badge>}
            </div>
            <h1 className="mt-3 text-3xl font-black tracking-tight">{e.name}</h1>
            <p className="mt-2 text-muted-foreground">{e.summary}</p>
          </header>
          <Card className="p-5">
            <h2 className="text-xl font-black">How to do it</h2>
            <ol className="mt-3 list-decimal space-y-2 pl-5">
              {e.howTo.map((step, i) => (
                <li key={i}>{step}</li>
              ))}
            </ol>
          </Card>
          <Card className="p-5">
            <h2 className="text-xl font-black">Standards and loads</h2>
            <div className="mt-3">
              <DataTable columns={STANDARD_COLUMNS} rows={e.standards} rowKey={(s) => s.division} caption={`${e.name}: standards and loads by division`} />
            </div>
          </Card>
          <Card className="p-5">
            <h2 className="text-xl font-black">Scaling</h2>
            <ul className="mt-3 list-disc space-y-1 pl-5">
              {e.scaling.map((s, i) => (
                <li key={i}>{s}</li>
              ))}
            </ul>
          </Card>
          {e.workouts && e.workouts.length > 0 && (
            <Card className="p-5">
              <h2 className="text-xl font-black">Workouts with {e.name}</h2>
              <ul className="mt-3 space-y-1">
                {e.workouts.map((w) => (
                  <li key={w.id}>
                    <Link href={workoutPath(w.id)} className="font-semibold underline-offset-2 hover:underline">
                      {w.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </Card>
          )}
        </>
      )}
    </LibraryPageShell>
  );
}

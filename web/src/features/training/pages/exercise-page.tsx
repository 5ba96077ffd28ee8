import { Link, useParams } from 'wouter';
import { ArrowLeft } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths, workoutPath } from '@/app/paths';
import { useExercise } from '../api/programs';

/** /exercises/:slug: how to do it, standards per division, scaling, workouts that use it. */
export default function ExercisePage() {
  const { slug = '' } = useParams<{ slug: string }>();
  const ex = useExercise(slug);
  const back = (
    <Link href={paths.exercises} className="inline-flex items-center gap-1 text-sm font-semibold hover:underline">
      <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Exercise library
    </Link>
  );
  if (ex.isPending) {
    return (
      <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10" aria-busy="true">
        {back}
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  }
  if (ex.isError) {
    return (
      <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10">
        {back}
        <h1 className="text-2xl font-black">Exercise not found</h1>
        <p className="text-muted-foreground">{ex.error.message}</p>
      </div>
    );
  }
  const e = ex.data;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10">
      {back}
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
        <table className="mt-3 w-full text-left text-sm">
          <thead>
            <tr className="border-b border-border">
              <th scope="col" className="py-2">
                Division
              </th>
              <th scope="col" className="py-2">
                Standard
              </th>
            </tr>
          </thead>
          <tbody>
            {e.standards.map((s) => (
              <tr key={s.division} className="border-b border-border last:border-0">
                <td className="py-2 font-semibold">{s.division}</td>
                <td className="py-2">{s.standard}</td>
              </tr>
            ))}
          </tbody>
        </table>
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
    </div>
  );
}

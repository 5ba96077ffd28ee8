import { Link, useParams } from 'wouter';
import { Clock, Lightbulb } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { exercisePath } from '@/app/paths';
import { useWorkout } from '../api/programs';
import { LibraryPageShell } from '../components/library-page-shell';

/** /workouts/:id: a library workout with its lines linked to the exercise library. */
export default function WorkoutPage() {
  const { id = '' } = useParams<{ id: string }>();
  const workout = useWorkout(id);
  return (
    <LibraryPageShell query={workout} notFound="Workout not found">
      {(w) => (
        <>
          <header>
            <h1 className="text-3xl font-black tracking-tight">{w.name}</h1>
            <p className="mt-2 inline-flex items-center gap-1 text-sm font-semibold">
              <Clock className="h-4 w-4" aria-hidden="true" /> About {w.targetTime} min
            </p>
            <p className="mt-3 text-muted-foreground">{w.description}</p>
          </header>
          <Card className="p-5">
            <h2 className="text-xl font-black">The workout</h2>
            <ol className="mt-3 flex flex-col divide-y divide-border">
              {w.exercises.map((e, i) => (
                <li key={i} className="flex flex-wrap justify-between gap-2 py-2">
                  {e.slug ? (
                    <Link href={exercisePath(e.slug)} className="font-semibold underline-offset-2 hover:underline">
                      {e.name}
                    </Link>
                  ) : (
                    <span className="font-semibold">{e.name}</span>
                  )}
                  <span className="text-muted-foreground">{e.reps}</span>
                </li>
              ))}
            </ol>
          </Card>
          <Card className="flex gap-3 p-5">
            <Lightbulb className="h-5 w-5 shrink-0 text-accent-text" aria-hidden="true" />
            <div>
              <h2 className="font-black">Pro tip</h2>
              <p className="mt-1 text-sm">{w.proTip}</p>
            </div>
          </Card>
        </>
      )}
    </LibraryPageShell>
  );
}

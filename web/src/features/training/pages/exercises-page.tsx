import { Link } from 'wouter';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { QueryState } from '@/components/ui/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import { exercisePath, workoutPath } from '@/app/paths';
import { useExercises } from '../api/programs';
import { useWorkouts } from '../api/get-workouts';

const GROUPS = [
  { category: 'station', title: 'The 8 HYROX stations', intro: 'In race order, each after a 1 km run.' },
  { category: 'running', title: 'Running', intro: 'Half of an Open race is running.' },
  { category: 'strength', title: 'Strength', intro: 'The lifts behind the stations.' },
] as const;

/** /exercises: the exercise library and the library workouts. */
export default function ExercisesPage() {
  const exercises = useExercises();
  const workouts = useWorkouts();
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-10 px-4 py-10">
      <PageHeader
        size="lg"
        title="Exercise library"
        description="How to do every station and the sessions around them, with the standards of each division."
      />
      <QueryState query={exercises} pending={<Skeleton className="h-64 w-full" />}>
        {(list) =>
          GROUPS.map((g) => (
            <section key={g.category} aria-labelledby={`group-${g.category}`}>
              <h2 id={`group-${g.category}`} className="text-2xl font-black">
                {g.title}
              </h2>
              <p className="text-sm text-muted-foreground">{g.intro}</p>
              <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {list
                  .filter((e) => e.category === g.category)
                  .map((e) => (
                    <li key={e.slug}>
                      <Card className="h-full p-4">
                        <div className="flex items-start justify-between gap-2">
                          <Link href={exercisePath(e.slug)} className="text-lg font-bold underline-offset-2 hover:underline">
                            {e.name}
                          </Link>
                          {e.station ? <Badge variant="outline">Station {e.station}</Badge> : null}
                        </div>
                        {e.raceWork && <p className="text-sm font-semibold">{e.raceWork}</p>}
                        <p className="mt-1 text-sm text-muted-foreground">{e.summary}</p>
                      </Card>
                    </li>
                  ))}
              </ul>
            </section>
          ))
        }
      </QueryState>
      <section aria-labelledby="workouts-title">
        <h2 id="workouts-title" className="text-2xl font-black">
          Workouts
        </h2>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {workouts.data?.map((w) => (
            <li key={w.id}>
              <Link href={workoutPath(w.id)} className="font-semibold underline-offset-2 hover:underline">
                {w.name}
              </Link>
              <span className="text-sm text-muted-foreground"> · {w.targetTime} min</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

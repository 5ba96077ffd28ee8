import { Lightbulb, Timer } from 'lucide-react';
import type { Workout } from '../api/types';
import trainLikeThePros from '../assets/train-like-the-pros.svg';

/** Training page: the Sample HYROX Training Session from the first workout. */
export function SampleSession({ workout }: { workout: Workout }) {
  return (
    <section aria-labelledby="sample-session-heading" className="rounded-2xl border border-border bg-card p-6 sm:p-8" data-testid="sample-session">
      <h2 id="sample-session-heading" className="text-2xl font-black tracking-tight">
        Sample HYROX Training Session
      </h2>
      <div className="mt-6 grid items-start gap-8 lg:grid-cols-2">
        <div>
          <h3 className="text-xl font-bold">{workout.name}</h3>
          <p className="mt-1 inline-flex items-center gap-1 text-muted-foreground">
            <Timer className="h-4 w-4" aria-hidden="true" /> Target time: {workout.targetTime} minutes
          </p>
          <p className="mt-3 text-sm text-muted-foreground">{workout.description}</p>
          <ol className="mt-5 flex flex-col gap-2" data-testid="sample-exercises">
            {workout.exercises.map((ex, i) => (
              <li key={i} className="flex items-center gap-3 rounded-lg bg-muted px-3 py-2">
                <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-black text-primary-foreground">
                  {i + 1}
                </span>
                <span className="font-medium">{ex.name}</span>
                <span className="ml-auto text-right text-sm text-muted-foreground">{ex.reps}</span>
              </li>
            ))}
          </ol>
          <div className="mt-5 rounded-lg border-l-4 border-primary bg-muted p-4">
            <p className="inline-flex items-center gap-1 font-bold">
              <Lightbulb className="h-4 w-4 text-accent-text" aria-hidden="true" /> Pro Tip
            </p>
            <p className="mt-1 text-sm">{workout.proTip}</p>
          </div>
        </div>
        <figure>
          <img
            src={trainLikeThePros}
            alt="An athlete throwing a wall ball at the target while another runs the track"
            width={640}
            height={400}
            className="w-full rounded-xl"
          />
          <figcaption className="mt-2 text-center text-sm font-semibold text-muted-foreground">Train like the pros</figcaption>
        </figure>
      </div>
    </section>
  );
}

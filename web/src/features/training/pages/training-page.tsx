import { Link } from 'wouter';
import { CalendarDays, Dumbbell, PencilRuler } from 'lucide-react';
import { paths } from '@/app/paths';
import { QueryState } from '@/components/ui/query-state';
import { useSessionUser } from '@/lib/session';
import { useTrainingPlans } from '../api/get-training-plans';
import { useWorkouts } from '../api/get-workouts';
import { BenefitCards } from '../components/benefit-cards';
import { PlanCard, PlanCardSkeleton } from '../components/plan-card';
import { SkeletonList } from '@/components/ui/skeleton';
import { SampleSession } from '../components/sample-session';

export default function TrainingPage() {
  const user = useSessionUser();
  const plans = useTrainingPlans(user.isPending ? undefined : (user.data ?? null));
  const workouts = useWorkouts();
  const first = workouts.data?.[0];

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-12 px-4 py-10 sm:py-14">
      <header className="max-w-3xl">
        <p className="text-sm font-bold tracking-widest text-accent-text uppercase">Training</p>
        <h1 className="mt-2 text-3xl font-black tracking-tight sm:text-4xl">HYROX Training Plans</h1>
        <p className="mt-3 text-lg text-muted-foreground">
          Strength, running, WOD and cardio plans built around the eight runs and eight stations. Pick a plan, follow it
          week by week and log every session.
        </p>
        <nav aria-label="Training tools" className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm font-semibold">
          <Link href={paths.calendar} className="inline-flex items-center gap-1 underline-offset-2 hover:underline">
            <CalendarDays className="h-4 w-4" aria-hidden="true" /> My calendar
          </Link>
          <Link href={paths.exercises} className="inline-flex items-center gap-1 underline-offset-2 hover:underline">
            <Dumbbell className="h-4 w-4" aria-hidden="true" /> Exercise library
          </Link>
          <Link href={paths.programs} className="inline-flex items-center gap-1 underline-offset-2 hover:underline">
            <PencilRuler className="h-4 w-4" aria-hidden="true" /> My programs (Elite)
          </Link>
        </nav>
      </header>

      <section aria-label="Training plans">
        <QueryState
          query={plans}
          pending={<SkeletonList label="Loading training plans" count={4} className="grid gap-6 md:grid-cols-2" item={PlanCardSkeleton} />}
        >
          {(list) => (
            <div className="grid gap-6 md:grid-cols-2">
              {list.map((plan) => (
                <PlanCard key={plan.id} plan={plan} headingLevel={2} />
              ))}
            </div>
          )}
        </QueryState>
      </section>

      <BenefitCards />

      {first && <SampleSession workout={first} />}
    </div>
  );
}

import { Link } from 'wouter';
import { ArrowRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { QueryState } from '@/components/ui/query-state';
import { paths } from '@/app/paths';
import { useSessionUser } from '@/lib/session';
import { useTrainingPlans } from '../api/get-training-plans';
import { useWorkouts } from '../api/get-workouts';
import { PlanCard, PlanCardSkeleton } from './plan-card';
import { SkeletonList } from '@/components/ui/skeleton';
import { SampleWorkoutCard } from './sample-workout-card';

const HOME_PLANS = 4;

/**
 * The landing page's training block (docs/product.md#web-app): plan cards (4
 * placeholders while loading) and, when workouts exist, the Sample HYROX
 * Workout card. src/app/routes/home.tsx composes it into the section.
 */
export function HomeTrainingBlock() {
  const user = useSessionUser();
  const plans = useTrainingPlans(user.isPending ? undefined : (user.data ?? null));
  const workouts = useWorkouts();
  const first = workouts.data?.[0];

  return (
    <div className="flex flex-col gap-10">
      <QueryState
        query={plans}
        pending={<SkeletonList label="Loading training plans" count={HOME_PLANS} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4" item={PlanCardSkeleton} />}
        error={(e) => (
          <p role="alert" className="text-center text-muted-foreground">
            {e.message}
          </p>
        )}
      >
        {(list) => (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {list.slice(0, HOME_PLANS).map((plan) => (
              <PlanCard key={plan.id} plan={plan} />
            ))}
          </div>
        )}
      </QueryState>
      <div className="text-center">
        <Button asChild variant="outline">
          <Link href={paths.training}>
            See all training plans <ArrowRight className="h-4 w-4" aria-hidden="true" />
          </Link>
        </Button>
      </div>
      {first && (
        <div className="mx-auto w-full max-w-2xl">
          <SampleWorkoutCard workout={first} />
        </div>
      )}
    </div>
  );
}

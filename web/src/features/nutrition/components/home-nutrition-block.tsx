import { Link } from 'wouter';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { paths } from '@/app/paths';
import { useSessionUser } from '@/lib/session';
import { tierAllows } from '@/lib/tiers';
import { useNutritionProfile } from '../api/get-nutrition-profile';
import { EXAMPLE_DAY } from '../lib/content';
import { todayISO } from '../lib/dates';
import { dashboardTargets } from '../lib/day-targets';
import { MealPlanCards } from './meal-plan-cards';
import { NutritionDashboard, NutritionDashboardSkeleton } from './nutrition-dashboard';

function OwnDashboard({ userId }: { userId: number }) {
  const today = todayISO();
  // Today's targets come with the profile, as on /nutrition (same query, shared cache).
  const profile = useNutritionProfile(userId, today);
  if (profile.isPending) return <NutritionDashboardSkeleton />;
  if (profile.isError) return null; // docs/product.md#web-app: the panel renders nothing if no data arrives
  if (profile.data === null) {
    return (
      <div className="rounded-xl border border-border bg-card p-6 text-center">
        <p className="text-muted-foreground">No nutrition profile found. Create one to start tracking.</p>
        <Button asChild className="mt-4">
          <Link href={paths.nutrition}>Create your profile</Link>
        </Button>
      </div>
    );
  }
  const { figures, note } = dashboardTargets(profile.data, true);
  return (
    <NutritionDashboard
      headingLevel="h3"
      figures={figures}
      description={note ? <span data-testid="dashboard-targets-note">{note}</span> : 'Today'}
      actions={
        <Button asChild>
          <Link href={paths.nutrition}>Open Nutrition Tracker</Link>
        </Button>
      }
    />
  );
}

function ExampleDashboard({ signedIn }: { signedIn: boolean }) {
  return (
    <NutritionDashboard
      headingLevel="h3"
      figures={EXAMPLE_DAY}
      badge={<Badge variant="info">Example</Badge>}
      description="An example day of a HYROX athlete, not your data."
      actions={
        signedIn ? (
          <Button asChild>
            <Link href={paths.pricing}>Upgrade to Pro to track yours</Link>
          </Button>
        ) : (
          <Button asChild>
            <Link href={paths.auth}>Sign up to track yours</Link>
          </Button>
        )
      }
    />
  );
}

/**
 * Home page nutrition block: a signed-in pro user's own dashboard; for
 * everyone else a labelled example day with a link to upgrade or sign up;
 * then the static meal cards.
 */
export function HomeNutritionBlock() {
  const { data: user, isPending } = useSessionUser();
  return (
    <div className="space-y-8">
      {isPending ? (
        <NutritionDashboardSkeleton />
      ) : user && tierAllows(user.subscriptionTier, 'pro') ? (
        <OwnDashboard userId={user.id} />
      ) : (
        <ExampleDashboard signedIn={!!user} />
      )}
      <MealPlanCards />
    </div>
  );
}

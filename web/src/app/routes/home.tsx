import { lazy } from 'react';
import { Link } from 'wouter';
import { HomeCommunityBlock } from '@/features/community/components/home-community-block';
import { HomeNutritionBlock } from '@/features/nutrition/components/home-nutrition-block';
import { HomeRacingBlock } from '@/features/racing/components/home-racing-block';
import { WeeklyLeaderboard } from '@/features/racing/components/weekly-leaderboard';
import { HomeToday } from '@/features/training/components/home-today';
import { Spinner } from '@/components/ui/spinner';
import { useSessionUser } from '@/lib/session';
import { tierAllows } from '@/lib/tiers';
import { paths } from '../paths';

// Three homes, each in its own chunk: an athlete's day does not download the
// landing page, nor a visitor the athlete's blocks.
const VisitorHome = lazy(() => import('./visitor-home'));
const CoachHome = lazy(() => import('@/features/coaching/components/athlete-list').then((m) => ({ default: m.CoachHome })));

// Composes / from the areas' blocks (features do not import each other;
// src/app does): visitors get the landing page, a signed-in athlete their day
// (docs/training-logs.md#the-signed-in-home).
export default function HomeRoute() {
  const user = useSessionUser();
  if (user.isPending) return <Spinner label="Loading..." showLabel className="mx-auto my-16 flex justify-center" />;
  // A coach's home is their workspace (docs/coaching.md#the-coachs-workspace).
  if (user.data?.role === 'coach') return <CoachHome greeting={greeting(user.data.username, user.data.createdAt)} />;
  if (user.data) return <SignedInHome username={user.data.username} tier={user.data.subscriptionTier} createdAt={user.data.createdAt} />;
  return <VisitorHome />;
}

/** An account's first day is greeted as new, later visits as a return. */
export function greeting(username: string, createdAt: string, now = Date.now()): string {
  const firstDay = now - Date.parse(createdAt) < 24 * 60 * 60 * 1000;
  return `${firstDay ? 'Welcome' : 'Welcome back'}, ${username}`;
}

function SignedInHome({ username, tier, createdAt }: { username: string; tier: string; createdAt: string }) {
  const pro = tierAllows(tier, 'pro');
  const link = 'font-semibold underline underline-offset-2';
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-10 px-4 py-10">
      <header>
        <h1 className="text-3xl font-black tracking-tight sm:text-4xl">{greeting(username, createdAt)}</h1>
        <p className="mt-2 text-muted-foreground">Your day: today's session, this week and how your training adds up.</p>
      </header>
      <HomeToday />
      <section id="nutrition" aria-labelledby="home-nutrition-heading" className="flex scroll-mt-20 flex-col gap-3">
        <h2 id="home-nutrition-heading" className="text-xl font-black">
          Today's nutrition
        </h2>
        <HomeNutritionBlock />
      </section>
      <section aria-labelledby="home-racing-heading" className="flex flex-col gap-2">
        <h2 id="home-racing-heading" className="text-xl font-black">
          Racing
        </h2>
        {pro ? (
          <HomeRacingBlock />
        ) : (
          <p className="text-sm">
            Predictions and split analysis come with Pro (
            <Link href={paths.pricing} className={link}>
              see the plans
            </Link>
            ). Log a race or simulation in{' '}
            <Link href={paths.raceResults} className={link}>
              Race results
            </Link>
            .
          </p>
        )}
      </section>
      <section id="community" aria-labelledby="home-community-heading" className="flex scroll-mt-20 flex-col gap-3">
        <h2 id="home-community-heading" className="text-xl font-black">
          Community
        </h2>
        <HomeCommunityBlock leaderboard={<WeeklyLeaderboard leaderboardPath={paths.leaderboard} />} />
      </section>
    </div>
  );
}

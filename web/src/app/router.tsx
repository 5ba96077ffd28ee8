import { lazy, useEffect, useState, type ComponentType } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { markPageShown } from '@/lib/page-shown';
import { useHydrated } from '@/lib/use-hydrated';
import { PageLoading, RouteGuard, type Access } from './guard';
import { paths } from './paths';

// Every route of the app, each page its own lazily loaded chunk.
// Gating per docs/product.md#gates.

type PageModule = { default: ComponentType };
type Page = ComponentType & { load: () => Promise<PageModule> };
type RouteDef = { path: string; access: Access; title: string; page: Page };

/**
 * A page in its own chunk, loaded once. Rendered in the browser (not while
 * React takes over a prerendered page, nor in the build's render), a page
 * whose chunk is not there yet shows the loading state itself until it is,
 * instead of suspending: a Suspense boundary that shows its fallback keeps it
 * at least 300 ms (React's throttle), which held back the page's own requests
 * by as much (/blog's articles started ~300 ms after its chunk had arrived).
 * A prerendered page suspends as before (React.lazy), so hydration matches.
 */
export function page(load: () => Promise<PageModule>): Page {
  let loaded: PageModule | undefined;
  let loading: Promise<PageModule> | undefined;
  const once = () => (loading ??= load().then((m) => (loaded = m)));
  const Lazy = lazy(once);
  const Page = () => {
    const hydrated = useHydrated();
    // Chosen once per mount: switching later would mount the page again.
    const [lazyMount] = useState(() => !loaded && !hydrated);
    const [mod, setMod] = useState(loaded);
    const [failed, setFailed] = useState<{ error: unknown }>();
    useEffect(() => {
      if (lazyMount || mod) return;
      let live = true;
      once().then(
        (m) => live && setMod(m),
        (error: unknown) => live && setFailed({ error }),
      );
      return () => {
        live = false;
      };
    }, [lazyMount, mod]);
    // Its content committed (a lazy mount commits once its chunk is there).
    useEffect(() => {
      if (lazyMount || mod) markPageShown();
    }, [lazyMount, mod]);
    if (failed) throw failed.error; // as React.lazy does with a chunk that failed to load
    if (lazyMount) return <Lazy />;
    return mod ? <mod.default /> : <PageLoading />;
  };
  return Object.assign(Page, { load: once });
}

export const ROUTES: RouteDef[] = [
  // public
  { path: paths.home, access: 'public', title: 'HYROX Training Hub', page: page(() => import('./routes/home')) },
  { path: paths.about, access: 'public', title: 'About', page: page(() => import('@/features/marketing/pages/about-page')) },
  { path: paths.story, access: 'public', title: 'The HYROX Story', page: page(() => import('@/features/marketing/pages/story-page')) },
  { path: paths.pricing, access: 'public', title: 'Pricing', page: page(() => import('@/features/billing/pages/pricing-page')) },
  { path: paths.auth, access: 'guest', title: 'Sign in', page: page(() => import('@/features/auth/pages/auth-page')) },
  { path: paths.newsletterConfirm, access: 'public', title: 'Confirm newsletter', page: page(() => import('@/features/blog/pages/newsletter-confirm-page')) },
  { path: paths.newsletterUnsubscribe, access: 'public', title: 'Unsubscribe', page: page(() => import('@/features/blog/pages/newsletter-unsubscribe-page')) },
  { path: paths.passwordReset, access: 'public', title: 'Reset password', page: page(() => import('@/features/auth/pages/password-reset-page')) },

  { path: paths.exercises, access: 'public', title: 'Exercise Library', page: page(() => import('@/features/training/pages/exercises-page')) },
  { path: paths.exercise, access: 'public', title: 'Exercise', page: page(() => import('@/features/training/pages/exercise-page')) },

  // signed in (basic)
  { path: paths.training, access: 'basic', title: 'Training Plans', page: page(() => import('@/features/training/pages/training-page')) },
  { path: paths.trainingPlan, access: 'basic', title: 'Training Plan', page: page(() => import('@/features/training/pages/training-plan-page')) },
  { path: paths.calendar, access: 'basic', title: 'Calendar', page: page(() => import('@/features/training/pages/calendar-page')) },
  { path: paths.workout, access: 'basic', title: 'Workout', page: page(() => import('@/features/training/pages/workout-page')) },
  { path: paths.workoutLogs, access: 'basic', title: 'My Workouts', page: page(() => import('@/features/training/pages/workout-logs-page')) },
  { path: paths.workoutLogNew, access: 'basic', title: 'Log a Workout', page: page(() => import('@/features/training/pages/workout-log-new-page')) },
  { path: paths.imports, access: 'basic', title: 'Import activities', page: page(() => import('@/features/imports/pages/import-page')) },
  { path: paths.importHyrox, access: 'basic', title: 'Save as a HYROX race', page: page(() => import('@/features/imports/pages/hyrox-page')) },
  { path: paths.workoutLog, access: 'basic', title: 'Workout', page: page(() => import('@/features/training/pages/workout-log-page')) },
  { path: paths.community, access: 'basic', title: 'Community', page: page(() => import('./routes/community')) },
  { path: paths.communityPost, access: 'basic', title: 'Community Post', page: page(() => import('@/features/community/pages/community-post-page')) },
  { path: paths.leaderboard, access: 'basic', title: 'Leaderboard', page: page(() => import('@/features/racing/pages/leaderboard-page')) },
  { path: paths.raceResults, access: 'basic', title: 'Race Results', page: page(() => import('@/features/racing/pages/race-results-page')) },
  { path: paths.raceResult, access: 'basic', title: 'Race Result', page: page(() => import('@/features/racing/pages/race-result-page')) },
  { path: paths.blog, access: 'basic', title: 'Blog', page: page(() => import('@/features/blog/pages/blog-page')) },
  { path: paths.blogArticle, access: 'basic', title: 'Article', page: page(() => import('@/features/blog/pages/blog-article-page')) },
  { path: paths.profile, access: 'basic', title: 'Profile', page: page(() => import('@/features/auth/pages/profile-page')) },
  { path: paths.subscription, access: 'basic', title: 'Subscription', page: page(() => import('@/features/billing/pages/subscription-page')) },
  { path: paths.subscriptionSuccess, access: 'basic', title: 'Payment Successful', page: page(() => import('@/features/billing/pages/subscription-success-page')) },
  { path: paths.subscriptionCancel, access: 'basic', title: 'Payment Cancelled', page: page(() => import('@/features/billing/pages/subscription-cancel-page')) },
  { path: paths.paymentMethods, access: 'basic', title: 'Payment Methods', page: page(() => import('@/features/billing/pages/payment-methods-page')) },
  { path: paths.coaching, access: 'basic', title: 'Coaching', page: page(() => import('@/features/coaching/pages/coaching-page')) },
  { path: paths.coach, access: 'basic', title: 'My Athletes', page: page(() => import('@/features/coaching/pages/workspace-page')) },
  { path: paths.coachAthlete, access: 'basic', title: 'Athlete', page: page(() => import('./routes/coach-athlete')) },
  { path: paths.billingHistory, access: 'basic', title: 'Billing History', page: page(() => import('@/features/billing/pages/billing-history-page')) },

  // pro
  { path: paths.nutrition, access: 'pro', title: 'Nutrition', page: page(() => import('@/features/nutrition/pages/nutrition-page')) },
  { path: paths.analytics, access: 'pro', title: 'Performance Analytics', page: page(() => import('@/features/racing/pages/analytics-page')) },

  // elite (programs: or a coach)
  { path: paths.programs, access: 'elite-or-coach', title: 'My Programs', page: page(() => import('@/features/training/pages/programs-page')) },
  { path: paths.programNew, access: 'elite-or-coach', title: 'New Program', page: page(() => import('@/features/training/pages/program-builder-page')) },
  { path: paths.programEdit, access: 'elite-or-coach', title: 'Edit Program', page: page(() => import('@/features/training/pages/program-builder-page')) },
  { path: paths.program, access: 'elite-or-coach', title: 'Program', page: page(() => import('@/features/training/pages/program-page')) },
  { path: paths.raceStrategy, access: 'elite', title: 'Race Strategy', page: page(() => import('@/features/racing/pages/race-strategy-page')) },
];

/**
 * Loads the chunk of the page at path, for a route without parameters (the
 * pages that come with first data are such); undefined for any other path.
 */
export function loadPageAt(path: string): Promise<unknown> | undefined {
  return ROUTES.find((r) => r.path === path)?.page.load();
}

const NotFoundPage = lazy(() => import('./not-found'));

/**
 * Asks for the page's chunk at once, while the route guard may still be waiting
 * for the session (GET /api/user): a signed-in page's chunk and the session then
 * load side by side instead of one after the other. The page's own load is the
 * same promise; a failure is its to show.
 */
function PreloadPage({ page: { load } }: { page: Page }) {
  useEffect(() => {
    load().catch(() => {});
  }, [load]);
  return null;
}

/** The page's document title: the route's title and the site's name. */
export function documentTitle(title: string): string {
  return title === 'HYROX Training Hub' ? title : `${title} | HYROX Training Hub`;
}

function DocumentTitle({ title }: { title: string }) {
  const [location] = useLocation();
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title, location]);
  return null;
}

export function AppRouter() {
  return (
    <Switch>
      {ROUTES.map(({ path, access, title, page: Page }) => (
        <Route key={path} path={path}>
          <DocumentTitle title={title} />
          <PreloadPage page={Page} />
          <RouteGuard access={access}>
            <Page />
          </RouteGuard>
        </Route>
      ))}
      <Route>
        <DocumentTitle title="Page Not Found" />
        <NotFoundPage />
      </Route>
    </Switch>
  );
}

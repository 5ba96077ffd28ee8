import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { markPageShown } from '@/lib/page-shown';
import { useSessionUser } from '@/lib/session';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { safePath } from '@/lib/safe-path';
import { tierAllows, type Tier } from '@/lib/tiers';
import { paths } from './paths';

// The locked page (a preview and the trial's terms) loads only when a member meets one:
// it stays out of the entry bundle every visitor downloads.
const LockedPageForPath = lazy(() =>
  import('@/features/billing/components/locked-page').then((m) => ({
    default: ({ tier, path }: { tier: Tier; path: string }) => <m.LockedPage tier={tier} feature={m.lockedFeatureOf(path)} />,
  })),
);

function Locked({ tier, path }: { tier: Tier; path: string }) {
  useEffect(markPageShown, []);
  return (
    <Suspense fallback={<PageLoading />}>
      <LockedPageForPath tier={tier} path={path} />
    </Suspense>
  );
}

/**
 * Who may open a route:
 * - 'public': everyone;
 * - 'guest': anonymous only (a signed-in user is sent to /);
 * - a tier: signed in with at least that tier (basic = any signed-in user);
 * - 'elite-or-coach': elite, or a coach (coaches write programs for their
 *   athletes without paying, docs/training.md#programs-written-by-a-coach).
 */
export type Access = 'public' | 'guest' | Tier | 'elite-or-coach';

export function PageLoading() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center" role="status" aria-live="polite">
      <div className="flex flex-col items-center gap-3">
        <span className="h-8 w-8 animate-spin rounded-full border-4 border-muted border-t-primary" aria-hidden="true" />
        <p className="text-muted-foreground">Loading...</p>
      </div>
    </div>
  );
}

function SessionError({ error, retry }: { error: unknown; retry: () => void }) {
  useEffect(markPageShown, []); // offline at the first load: the outbox and its banner still come
  return (
    <div className="mx-auto max-w-lg px-4 py-16 text-center" role="alert">
      <h1 className="text-2xl font-bold">We could not check your session</h1>
      <p className="mt-3 text-muted-foreground">{errorMessage(error)}</p>
      <Button className="mt-6" onClick={retry}>
        Try again
      </Button>
    </div>
  );
}

export function RouteGuard({ access, children }: { access: Access; children: ReactNode }) {
  if (access === 'public') return <>{children}</>;
  return <SessionGate access={access}>{children}</SessionGate>;
}

/** A same-site path from ?next= (never another host, never /auth itself), else home. */
export function nextPath(search: string): string {
  return safePath(new URLSearchParams(search).get('next'), paths.home);
}

function SessionGate({ access, children }: { access: Exclude<Access, 'public'>; children: ReactNode }) {
  const { data: user, isPending, isError, error, refetch } = useSessionUser();
  const [location] = useLocation();
  const search = useSearch();
  if (isPending) return <PageLoading />;
  if (access === 'guest' && isError) return <>{children}</>;
  if (isError) return <SessionError error={error} retry={() => void refetch()} />;
  // A signed-in user leaves guest pages for ?next= or home.
  if (access === 'guest') return user ? <Redirect to={nextPath(search)} replace /> : <>{children}</>;
  // Anonymous visitors log in first, then come back here (?next=).
  if (!user) {
    const back = location + (search ? `?${search}` : '');
    return <Redirect to={back === paths.home ? paths.auth : `${paths.auth}?next=${encodeURIComponent(back)}`} replace />;
  }
  // A locked page previews what it gives and offers the trial (docs/billing-rules.md#locked-pages).
  if (access === 'elite-or-coach') {
    return user.role === 'coach' || tierAllows(user.subscriptionTier, 'elite') ? <>{children}</> : <Locked tier="elite" path={location} />;
  }
  if (!tierAllows(user.subscriptionTier, access)) return <Locked tier={access} path={location} />;
  return <>{children}</>;
}

import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { PageLoading } from '../guard';
import { PaymentFailedBanner } from '@/features/billing/components/payment-failed-banner';
import { TestModeBanner } from '@/features/billing/components/test-mode-banner';
import { usePageShown } from '@/lib/page-shown';
import { useSessionUser } from '@/lib/session';
import { Footer } from './footer';
import { TopBar } from './top-bar';

const LiveUpdates = lazy(() => import('./live-updates'));
// The update prompt and the outbox (docs/offline.md): a lazy chunk, after the page.
const OfflineChrome = lazy(() => import('./offline-chrome'));

/** The shared chrome: skip link, fixed top bar, main area, footer. */
export function AppLayout({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const { data: user } = useSessionUser();
  const pageShown = usePageShown();

  // A new page starts at the top (unless the address has a #fragment).
  useEffect(() => {
    if (!window.location.hash) window.scrollTo(0, 0);
  }, [location]);

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 font-semibold text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to main content
      </a>
      {/* One live stream for the whole app while signed in (docs/live.md); signing out closes it. */}
      {user && pageShown && (
        <Suspense fallback={null}>
          <LiveUpdates />
        </Suspense>
      )}
      <TopBar />
      {/* min-h-screen keeps the footer below the fold until the lazy page and its data arrive (no layout shift). */}
      <main id="main" tabIndex={-1} className="min-h-screen flex-1 pt-16 outline-none">
        <TestModeBanner />
        <PaymentFailedBanner />
        <Suspense fallback={<PageLoading />}>{children}</Suspense>
      </main>
      <Footer />
      {pageShown && (
        <Suspense fallback={null}>
          <OfflineChrome userId={user?.id ?? null} />
        </Suspense>
      )}
    </div>
  );
}

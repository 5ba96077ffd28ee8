import type { QueryClient } from '@tanstack/react-query';
import { Router } from 'wouter';
import { AppLayout } from './layout/app-layout';
import { AppProviders } from './providers';
import { AppRouter } from './router';

/**
 * The whole app. In the browser both props are unset (the address bar and the
 * shared query client); the build-time prerender (prerender.tsx) passes the
 * page's path and a client of its own, with the same tree, so the browser
 * hydrates the HTML without a mismatch (docs/product.md#prerendered-pages).
 */
export function App({ ssrPath, client }: { ssrPath?: string; client?: QueryClient }) {
  return (
    <Router ssrPath={ssrPath} ssrSearch={ssrPath === undefined ? undefined : ''}>
      <AppProviders client={client}>
        <AppLayout>
          <AppRouter />
        </AppLayout>
      </AppProviders>
    </Router>
  );
}

import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createQueryClient } from '@/lib/query-client';
import { USER_QUERY_KEY } from '@/lib/session';
import { Router } from 'wouter';
import { App } from './app';
import { PageLoading } from './guard';
import { AppLayout } from './layout/app-layout';
import { paths } from './paths';
import { AppProviders } from './providers';
import { documentTitle, ROUTES } from './router';

// Build-time entry (scripts/prerender.mjs, after the client build): renders the
// public pages a visitor lands on to static HTML (docs/product.md#prerendered-pages).
// Never bundled into the browser's app.

/**
 * The prerendered pages: public, the same for every visitor, rendered for no
 * query string, and holding no form a visitor could send before React takes the
 * page over: /auth's forms are rendered with their controls disabled until then
 * (useHydrated), or the login form would go out as a GET, password in the address.
 */
export const PRERENDERED = [paths.home, paths.pricing, paths.about, paths.story, paths.auth] as const;

export type Prerendered = { path: string; title: string; html: string };

/**
 * The page as a visitor without a session first sees it: signed out (the
 * browser seeds the same null user when it holds no signed-in hint), every
 * other query still loading, so the browser's first render matches.
 */
export async function render(path: string): Promise<Prerendered> {
  const client = createQueryClient();
  client.setQueryData(USER_QUERY_KEY, null);
  const { prelude } = await prerender(
    <StrictMode>
      <App ssrPath={path} client={client} />
    </StrictMode>,
    // Every boundary inline, in place: no hidden segments moved in by inline scripts.
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  const html = await new Response(prelude).text();
  const route = ROUTES.find((r) => r.path === path);
  if (!route) throw new Error(`prerender: no route for ${path}`);
  return { path, title: documentTitle(route.title), html };
}

/**
 * The signed-in shell (docs/product.md#the-signed-in-shell): the chrome while the
 * session is still unknown (no member's links, no Login) and the page loading.
 * The server sends it in #root of a signed-in page so the browser paints at
 * once; the app renders over it (never hydrates it: the real page differs).
 */
export async function renderSignedInShell(): Promise<string> {
  const client = createQueryClient(); // the session query stays pending
  const { prelude } = await prerender(
    <Router ssrPath="/" ssrSearch="">
      <AppProviders client={client}>
        <AppLayout>
          <PageLoading />
        </AppLayout>
      </AppProviders>
    </Router>,
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  return new Response(prelude).text();
}

import './app/theme-init';
import '@fontsource-variable/inter';
import './index.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { loadPageAt } from './app/router';
import { queryClient } from './lib/query-client';
import { hasSignedInHint, USER_QUERY_KEY } from './lib/session';
import { rememberTimeZone } from './lib/time-zone';
import { whenPageShown } from './lib/page-shown';

// Without the signed-in hint there is no session to ask about (lib/session.ts):
// the visitor is anonymous from the first render, as the prerendered pages
// were rendered (docs/product.md#prerendered-pages).
if (!hasSignedInHint()) queryClient.setQueryData(USER_QUERY_KEY, null);

// For the next page's first data; nothing on this one needs it.
whenPageShown(rememberTimeZone);

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// A prerendered page arrives with its HTML: React takes it over, in a transition
// so the work yields to the browser (the page already shows and scrolls). The app
// shell arrives empty, or for a signed-in athlete with the chrome painted while
// the script loads (data-app-shell: docs/product.md#the-signed-in-shell), and
// React renders over it. (Rendering that in a transition too was measured: no
// clear gain, and a query answer arriving mid-render makes React start over.)
//
// A signed-in page that came with its first data renders once: its queries start
// with their data (lib/first-data.ts), and React waits for the page's chunk
// rather than first render the loading page the shell already shows. That one
// render is a transition, so it yields to the browser every few milliseconds
// (the shell already shows): no query answer can arrive mid-render and make it
// start over, since the page's reads are in the cache and the others start
// after it. Rendered at once, the page's whole render was one long task
// (docs/benchmarks/2026-11-29-lighthouse.md).
if (root.firstElementChild && !root.hasAttribute('data-app-shell')) startTransition(() => void hydrateRoot(root, app));
else {
  const render = () => createRoot(root).render(app);
  const page = root.hasAttribute('data-app-shell') && document.getElementById('first-data') ? loadPageAt(location.pathname) : undefined;
  if (page) void page.then(() => startTransition(render), render);
  else render();
}

// The service worker (docs/offline.md) once the page is on screen and loaded: its code
// is a separate chunk, so the first paint and the landing page's budget do not pay for it.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const start = () => void import('./lib/offline/pwa').then((m) => m.registerServiceWorker());
  whenPageShown(() => {
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
  });
}

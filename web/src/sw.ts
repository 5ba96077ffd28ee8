/// <reference lib="webworker" />
/**
 * The service worker (docs/offline.md): the app shell and static assets
 * precached per build (a new build waits until the athlete reloads from the
 * "A new version is ready" prompt), the last-seen answers of today's pages
 * readable offline (network first), and the outbox sent by Background Sync.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { API_CACHE, flushOutbox, SYNC_TAG } from './lib/offline/outbox';
import { CACHED_API } from './lib/offline/cache-name';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// Not "/" from the precache (Workbox's directoryIndex): the home page is the
// server's, with its first data (docs/product.md#first-data-with-the-html),
// as every page below; the precached shell answers when the network does not.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '' });
cleanupOutdatedCaches();
// The first worker takes the open pages at once (they become readable
// offline without a reload); a later one only when the athlete reloads into
// it from the prompt, since it waits until then.
clientsClaim();

// The reads kept for offline (lib/offline/cache-name.ts), network first.
registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && CACHED_API.some((re) => re.test(url.pathname)),
  new NetworkFirst({
    cacheName: API_CACHE,
    networkTimeoutSeconds: 6,
    plugins: [new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 7 * 24 * 3600 })],
  }),
);

// Pages: always the server's newest HTML when it answers (a deploy shows at
// once); the precached app shell when it does not.
registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        return await fetch(request);
      } catch {
        return (await matchPrecache('/index.html')) ?? Response.error();
      }
    },
    { denylist: [/^\/api\//, /^\/healthz/, /^\/readyz/, /^\/metrics/, /\.(xml|ics)$/] },
  ),
);

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string } | null;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (data?.type === 'FLUSH_OUTBOX') event.waitUntil(flushOutbox());
});

self.addEventListener('sync', (event) => {
  const e = event as ExtendableEvent & { tag: string };
  if (e.tag === SYNC_TAG) e.waitUntil(flushOutbox());
});

// Web Push (docs/notifications.md#push): a message is {title, body, url, tag};
// a click opens (or focuses) the app at its url.
type PushMessage = { title?: string; body?: string; url?: string; tag?: string };

self.addEventListener('push', (event) => {
  let m: PushMessage = {};
  try {
    m = (event.data?.json() ?? {}) as PushMessage;
  } catch {
    m = { body: event.data?.text() };
  }
  const url = m.url && m.url.startsWith('/') ? m.url : '/';
  event.waitUntil(
    self.registration.showNotification(m.title || 'HYROX Training Hub', {
      body: m.body ?? '',
      tag: m.tag,
      icon: '/icons/icon-192.png',
      data: { url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data as { url?: string } | null)?.url ?? '/';
  event.waitUntil(
    (async () => {
      const open = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const same = open.find((c) => new URL(c.url).pathname === url);
      if (same) return void (await same.focus());
      await self.clients.openWindow(url);
    })(),
  );
});

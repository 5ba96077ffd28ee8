import { API_CACHE, CACHED_API } from './cache-name';

/**
 * Keeps a read the page came with (lib/first-data.ts) as the service worker
 * would have kept it from the network (docs/offline.md#what-is-readable-offline),
 * so the same page stays readable offline. Loaded after the page is on screen:
 * the entry every visitor downloads does not carry the list of kept reads.
 */
export function keepForOffline(path: string, value: unknown) {
  const url = new URL(path, location.origin);
  if (!CACHED_API.some((re) => re.test(url.pathname))) return;
  const answer = new Response(JSON.stringify(value), { headers: { 'Content-Type': 'application/json' } });
  void caches
    .open(API_CACHE)
    .then((cache) => cache.put(url.toString(), answer))
    .catch(() => undefined);
}

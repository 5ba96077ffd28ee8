import { whenPageShown } from './page-shown';

/**
 * The reads a signed-in page's first render makes arrive with its HTML
 * (docs/product.md#first-data-with-the-html), in
 * `<script type="application/json" id="first-data">`, by path and query sorted
 * by name. Each answer serves one request, and only while the page is new:
 * later reads go to the network as always.
 */

/** How long after the page's start its first data may still be used. */
const FRESH_MS = 30_000;

let answers: Map<string, unknown> | undefined;

/** A read's name on both sides: its path and its query sorted by name. */
export function firstDataKey(path: string): string {
  const url = new URL(path, 'http://app.invalid');
  url.searchParams.sort();
  const query = url.searchParams.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

function load(): Map<string, unknown> {
  if (answers) return answers;
  answers = new Map();
  const text = typeof document === 'undefined' ? null : document.getElementById('first-data')?.textContent;
  if (text) {
    try {
      for (const [key, value] of Object.entries(JSON.parse(text) as Record<string, unknown>)) answers.set(key, value);
    } catch {
      // A page without usable first data reads everything from the network.
    }
  }
  return answers;
}

function take(key: string): { value: unknown } | undefined {
  const all = load();
  if (all.size === 0) return undefined;
  if (performance.now() > FRESH_MS) {
    all.clear();
    return undefined;
  }
  if (!all.has(key)) return undefined;
  const value = all.get(key);
  all.delete(key);
  return { value };
}

/** The answer the page came with for a GET of path, once; undefined when there is none. */
export function takeFirstData(path: string): { value: unknown } | undefined {
  const first = take(firstDataKey(path));
  if (first) keepForOffline(path, first.value);
  return first;
}

/** True while the page still holds first data no query has taken (and it is new). */
function hasFirstData(): boolean {
  return load().size > 0 && performance.now() <= FRESH_MS;
}

/** The page's start: its first data was read after it, so the data never looks fresher than it is. */
const firstDataUpdatedAt = () => Math.floor(performance.timeOrigin);

/**
 * Options that start a query with the answer its page came with for a GET of
 * `path` (docs/product.md#first-data-with-the-html): the query is created with
 * its data, so the page's first render shows it, without a loading state and a
 * second render. Spread beside the query's own queryFn, which reads the same
 * path (apiQuery in api-query.ts does both). Without an answer (a visitor, a
 * read the server left out, any later page) the query fetches as usual.
 *
 * - `path` may be a function (a path that takes the clock): it is only called
 *   while the page has first data left.
 * - `wrap` shapes the answer as the query keeps it (an infinite query's first page).
 * - The answer is taken, once, as for apiFetch, and kept for offline reading;
 *   its time is the page's start, so a query's staleTime counts from there.
 */
export function seedFromFirstData<T, D = T>(path: string | (() => string), wrap?: (value: T) => D) {
  return {
    initialData: (): D | undefined => {
      if (!hasFirstData()) return undefined;
      const first = takeFirstData(typeof path === 'function' ? path() : path);
      if (!first) return undefined;
      return wrap ? wrap(first.value as T) : (first.value as D);
    },
    initialDataUpdatedAt: firstDataUpdatedAt,
  };
}

/**
 * The newest live event when the page's reads were answered, once: the
 * page's stream resumes after it (lib/live.ts).
 */
export function takeLiveLastEventId(): number | undefined {
  const value = take('liveLastEventId')?.value;
  return typeof value === 'number' ? value : undefined;
}

/** The offline copy of a first-data read (lib/offline/keep-first-data.ts), once the page is on screen. */
function keepForOffline(path: string, value: unknown) {
  if (typeof caches === 'undefined') return;
  whenPageShown(() => void import('./offline/keep-first-data').then((m) => m.keepForOffline(path, value)));
}

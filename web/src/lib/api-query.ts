import { apiFetch } from './api-client';
import { seedFromFirstData } from './first-data';

// Its own module, not api-client's: only the lazily loaded pages use it, so the
// entry every visitor downloads does not carry it.

/**
 * A query that GETs path (apiFetch), seeded with the answer the page came with
 * for it (seedFromFirstData): spread into the query's options beside its key.
 * `path` may be a function, called when the query fetches (a path that takes
 * the clock).
 */
export function apiQuery<T>(path: string | (() => string)) {
  const url = typeof path === 'function' ? path : () => path;
  return {
    queryFn: ({ signal }: { signal?: AbortSignal }) => apiFetch<T>(url(), { signal }),
    ...seedFromFirstData<T>(path),
  };
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch } from './api-client';
import { seedFromFirstData } from './first-data';
import type { components } from './api-types';
import { readCookie } from './cookies';

// The signed-in user, shared by every feature through the query cache: one
// hook, useSessionUser() (outside React, userQueryOptions() reads the same query).

export type User = components['schemas']['User'];

export const USER_QUERY_KEY = ['/api/user'] as const;

/** docs/product.md#web-app: session cache 5 minutes. */
export const USER_STALE_TIME = 5 * 60 * 1000;

/** The readable cookie the server sets beside the session cookie (docs/product.md#navigation). */
export const SIGNED_IN_HINT = 'hyrox_signed_in';

/** True when the browser holds the signed-in hint, so a session may exist. */
export function hasSignedInHint(cookie: string = typeof document === 'undefined' ? '' : document.cookie): boolean {
  return readCookie(SIGNED_IN_HINT, cookie) !== undefined;
}

/**
 * GET /api/user; a 401 resolves to null (anonymous). Without the signed-in
 * hint cookie there is no session to ask about: anonymous at once, so a
 * visitor's pages log no 401 (the endpoint keeps answering 401 to anyone who asks).
 */
export async function fetchUser(signal?: AbortSignal): Promise<User | null> {
  if (!hasSignedInHint()) return null;
  try {
    return await apiFetch<User>('/api/user', { signal });
  } catch (err) {
    if (err instanceof ApiError) {
      if (err.status === 401) return null;
      // docs/product.md#web-app: other failures read 'Failed to fetch user: {status}'.
      throw new ApiError(err.status, `Failed to fetch user: ${err.status}`, err.errors, err.body);
    }
    throw err;
  }
}

export function userQueryOptions() {
  return queryOptions({
    queryKey: USER_QUERY_KEY,
    queryFn: ({ signal }) => fetchUser(signal),
    ...seedFromFirstData<User | null>('/api/user'),
    staleTime: USER_STALE_TIME,
  });
}

/**
 * The signed-in user for any area: `data` is the user, null when anonymous
 * (401), or undefined while loading.
 */
export function useSessionUser() {
  return useQuery(userQueryOptions());
}

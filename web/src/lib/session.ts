import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch } from './api-client';
import type { Tier } from './tiers';

// The signed-in user, shared by every feature through the query cache.
// features/auth/api/get-user.ts wraps this in useUser(); other features that
// need the user read the same query with useQuery(userQueryOptions()).

export type User = {
  id: number;
  username: string;
  email: string;
  subscriptionTier: Tier;
  createdAt: string;
};

export const USER_QUERY_KEY = ['/api/user'] as const;

/** docs/product.md#web-app: session cache 5 minutes. */
export const USER_STALE_TIME = 5 * 60 * 1000;

/** GET /api/user; a 401 resolves to null (anonymous). */
export async function fetchUser(signal?: AbortSignal): Promise<User | null> {
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

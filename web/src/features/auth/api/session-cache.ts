import type { QueryClient } from '@tanstack/react-query';
import { USER_QUERY_KEY, type User } from '@/lib/session';

/**
 * Puts a new session's user (or null for none) on the live user query and
 * drops every other cached query, so no data of a previous user survives.
 */
export function replaceSession(queryClient: QueryClient, user: User | null) {
  queryClient.setQueryData(USER_QUERY_KEY, user);
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== USER_QUERY_KEY[0] });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { Analytics } from './types';

export const ANALYTICS_KEY = '/api/analytics';

/** GET /api/analytics (pro); goal in seconds scores the predicted-vs-goal part. */
export function getAnalytics(goal: number | null, signal?: AbortSignal): Promise<Analytics> {
  return apiFetch<Analytics>(goal ? `${ANALYTICS_KEY}?goal=${goal}` : ANALYTICS_KEY, { signal });
}

export function analyticsQueryOptions(goal: number | null) {
  return queryOptions({
    queryKey: [ANALYTICS_KEY, { goal }] as const,
    queryFn: ({ signal }) => getAnalytics(goal, signal),
  });
}

export function useAnalytics(goal: number | null) {
  return useQuery(analyticsQueryOptions(goal));
}

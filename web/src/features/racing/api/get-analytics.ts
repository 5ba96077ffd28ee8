import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { seedFromFirstData } from '@/lib/first-data';
import type { Analytics } from './types';

export const ANALYTICS_KEY = '/api/analytics';

/** GET /api/analytics (pro); the predicted-vs-goal part reads my stored goal (race-goal.ts). */
export function getAnalytics(signal?: AbortSignal): Promise<Analytics> {
  return apiFetch<Analytics>(ANALYTICS_KEY, { signal });
}

export function analyticsQueryOptions() {
  return queryOptions({
    queryKey: [ANALYTICS_KEY] as const,
    queryFn: ({ signal }) => getAnalytics(signal),
    ...seedFromFirstData<Analytics>(ANALYTICS_KEY),
  });
}

export function useAnalytics() {
  return useQuery(analyticsQueryOptions());
}

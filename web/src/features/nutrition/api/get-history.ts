import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api-query';
import { timeZone } from '@/lib/time-zone';
import type { NutritionHistory } from './types';

export const HISTORY_KEY = '/api/nutrition/history';

/** GET /api/nutrition/history?date=&tz=: the 7 days and 12 weeks ending on date, each day with its targets. */
export function historyQueryOptions(date: string) {
  return queryOptions({
    queryKey: [HISTORY_KEY, date],
    ...apiQuery<NutritionHistory>(() => `${HISTORY_KEY}?date=${encodeURIComponent(date)}&tz=${encodeURIComponent(timeZone())}`),
  });
}

export function useNutritionHistory(date: string) {
  return useQuery(historyQueryOptions(date));
}

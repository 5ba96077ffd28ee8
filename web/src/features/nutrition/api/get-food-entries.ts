import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { FoodDay } from './types';

export const FOOD_ENTRIES_KEY = '/api/food-entries';

/** GET /api/food-entries?date= : the day's entries grouped by meal type. */
export function getFoodEntries(date: string, signal?: AbortSignal): Promise<FoodDay> {
  return apiFetch<FoodDay>(`${FOOD_ENTRIES_KEY}?date=${encodeURIComponent(date)}`, { signal });
}

export function foodEntriesQueryOptions(date: string) {
  return queryOptions({
    queryKey: [FOOD_ENTRIES_KEY, date],
    queryFn: ({ signal }) => getFoodEntries(date, signal),
  });
}

export function useFoodEntries(date: string, enabled = true) {
  return useQuery({ ...foodEntriesQueryOptions(date), enabled });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { seedFromFirstData } from '@/lib/first-data';
import type { FoodDay } from './types';

export const FOOD_ENTRIES_KEY = '/api/food-entries';

/** GET /api/food-entries?date= : the day's entries grouped by meal type. */
export function getFoodEntries(date: string, signal?: AbortSignal): Promise<FoodDay> {
  return apiFetch<FoodDay>(foodEntriesPath(date), { signal });
}

function foodEntriesPath(date: string): string {
  return `${FOOD_ENTRIES_KEY}?date=${encodeURIComponent(date)}`;
}

export function foodEntriesQueryOptions(date: string) {
  return queryOptions({
    queryKey: [FOOD_ENTRIES_KEY, date],
    queryFn: ({ signal }) => getFoodEntries(date, signal),
    ...seedFromFirstData<FoodDay>(() => foodEntriesPath(date)),
  });
}

export function useFoodEntries(date: string, enabled = true) {
  return useQuery({ ...foodEntriesQueryOptions(date), enabled });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch } from '@/lib/api-client';
import { seedFromFirstData } from '@/lib/first-data';
import { timeZone } from '@/lib/time-zone';
import type { NutritionProfile } from './types';

export const NUTRITION_KEY = '/api/nutrition';

/**
 * GET /api/nutrition/{userId}?date=&tz= : targets, the day's sums and the day's targets, or null when
 * there is no profile yet (the page shows its empty state). A 404 from an older
 * server means the same.
 */
export async function getNutritionProfile(userId: number, date: string, signal?: AbortSignal): Promise<NutritionProfile | null> {
  try {
    return await apiFetch<NutritionProfile | null>(profilePath(userId, date), { signal });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

function profilePath(userId: number, date: string): string {
  return `${NUTRITION_KEY}/${userId}?date=${encodeURIComponent(date)}&tz=${encodeURIComponent(timeZone())}`;
}

export function nutritionProfileQueryOptions(userId: number, date: string) {
  return queryOptions({
    queryKey: [NUTRITION_KEY, userId, date],
    queryFn: ({ signal }) => getNutritionProfile(userId, date, signal),
    ...seedFromFirstData<NutritionProfile | null>(() => profilePath(userId, date)),
  });
}

export function useNutritionProfile(userId: number | undefined, date: string) {
  return useQuery({ ...nutritionProfileQueryOptions(userId ?? 0, date), enabled: userId !== undefined });
}

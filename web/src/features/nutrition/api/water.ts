import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { apiQuery } from '@/lib/api-query';
import type { components } from '@/lib/api-types';
import { timeZone } from '@/lib/time-zone';

export type WaterDay = components['schemas']['WaterDay'];

export const WATER_KEY = '/api/nutrition/water';

/** GET /api/nutrition/water?date=&tz=: the day's drinks against its target (docs/nutrition-diary.md#water). */
export function waterQueryOptions(date: string) {
  return queryOptions({
    queryKey: [WATER_KEY, date],
    ...apiQuery<WaterDay>(() => `${WATER_KEY}?date=${encodeURIComponent(date)}&tz=${encodeURIComponent(timeZone())}`),
  });
}

export function useWaterDay(date: string) {
  return useQuery(waterQueryOptions(date));
}

/** POST /api/nutrition/water: log a drink; the answer is the day. */
export function useAddWater(date: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ml: number) => apiFetch<WaterDay>(WATER_KEY, { method: 'POST', body: { ml, date, tz: timeZone() } }),
    onSuccess: (day) => qc.setQueryData([WATER_KEY, date], day),
  });
}

/** DELETE /api/nutrition/water/{id}: the undo of a quick-add. */
export function useDeleteWater(date: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<null>(`${WATER_KEY}/${id}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: [WATER_KEY, date] }),
  });
}

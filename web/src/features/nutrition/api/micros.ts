import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api-query';
import type { components } from '@/lib/api-types';
import { timeZone } from '@/lib/time-zone';

export type MicroDay = components['schemas']['MicroDay'];
export type MicroTotal = components['schemas']['MicroTotal'];

export const MICROS_KEY = '/api/nutrition/micros';

/** GET /api/nutrition/micros?date=&tz=: the day's minerals and vitamins against the reference intakes (docs/nutrition-foods.md#micronutrients). */
export function microsQueryOptions(date: string) {
  return queryOptions({
    queryKey: [MICROS_KEY, date],
    ...apiQuery<MicroDay>(() => `${MICROS_KEY}?date=${encodeURIComponent(date)}&tz=${encodeURIComponent(timeZone())}`),
  });
}

export function useMicroDay(date: string) {
  return useQuery(microsQueryOptions(date));
}

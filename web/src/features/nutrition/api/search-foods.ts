import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { FoodList } from './types';

export const FOODS_KEY = '/api/nutrition/foods';

/** GET /api/nutrition/foods?q= : foods by word prefixes, the athlete's recent foods first. */
export function searchFoods(q: string, signal?: AbortSignal): Promise<FoodList> {
  return apiFetch<FoodList>(`${FOODS_KEY}?q=${encodeURIComponent(q)}`, { signal });
}

export function searchFoodsQueryOptions(q: string) {
  return queryOptions({
    queryKey: [FOODS_KEY, q],
    queryFn: ({ signal }) => searchFoods(q, signal),
    // Results change only when the athlete logs a food (recent first).
    staleTime: 60_000,
  });
}

/** Searches once q holds a letter or digit; keeps the last results while the next load. */
export function useFoodSearch(q: string) {
  return useQuery({ ...searchFoodsQueryOptions(q), enabled: /[\p{L}\p{N}]/u.test(q), placeholderData: keepPreviousData });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { Food } from './types';

/** GET /api/nutrition/foods/{id} or /api/nutrition/custom-foods/{id}: a food with its portions. */
export function foodQueryOptions(id: number, custom: boolean) {
  const path = custom ? `/api/nutrition/custom-foods/${id}` : `/api/nutrition/foods/${id}`;
  return queryOptions({ queryKey: [path], queryFn: ({ signal }) => apiFetch<Food>(path, { signal }) });
}

export function useFood(id: number | null | undefined, custom: boolean) {
  return useQuery({ ...foodQueryOptions(id ?? 0, custom), enabled: id != null });
}

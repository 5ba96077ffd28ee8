import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { apiQuery } from '@/lib/api-query';
import { FOODS_KEY } from './search-foods';
import type { Food, MyFoods, NewCustomFood } from './types';

export const MY_FOODS_KEY = '/api/nutrition/my-foods';

/** GET /api/nutrition/my-foods: recent, starred and custom foods. */
export function myFoodsQueryOptions() {
  return queryOptions({
    queryKey: [MY_FOODS_KEY],
    ...apiQuery<MyFoods>(MY_FOODS_KEY),
  });
}

export function useMyFoods() {
  return useQuery(myFoodsQueryOptions());
}

function invalidateFoods(qc: ReturnType<typeof useQueryClient>) {
  return Promise.all([qc.invalidateQueries({ queryKey: [MY_FOODS_KEY] }), qc.invalidateQueries({ queryKey: [FOODS_KEY] })]);
}

/** PUT / DELETE /api/nutrition/favourites/{foodId}. */
export function useSetFavourite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ foodId, on }: { foodId: number; on: boolean }) =>
      apiFetch<null>(`/api/nutrition/favourites/${foodId}`, { method: on ? 'PUT' : 'DELETE' }),
    onSuccess: () => invalidateFoods(qc),
  });
}

/** POST /api/nutrition/custom-foods. */
export function useCreateCustomFood() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (food: NewCustomFood) => apiFetch<Food>('/api/nutrition/custom-foods', { method: 'POST', body: food }),
    onSuccess: () => invalidateFoods(qc),
  });
}

/** PUT /api/nutrition/custom-foods/{id}: entries already logged keep their figures. */
export function useUpdateCustomFood() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, food }: { id: number; food: NewCustomFood }) =>
      apiFetch<Food>(`/api/nutrition/custom-foods/${id}`, { method: 'PUT', body: food }),
    onSuccess: (_, { id }) => Promise.all([invalidateFoods(qc), qc.invalidateQueries({ queryKey: [`/api/nutrition/custom-foods/${id}`] })]),
  });
}

/** DELETE /api/nutrition/custom-foods/{id}. */
export function useDeleteCustomFood() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<null>(`/api/nutrition/custom-foods/${id}`, { method: 'DELETE' }),
    onSuccess: () => invalidateFoods(qc),
  });
}

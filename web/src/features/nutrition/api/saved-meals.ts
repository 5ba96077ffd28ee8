import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { apiQuery } from '@/lib/api-query';
import { invalidateDiary } from './invalidate';
import type { LogSavedMeal, NewSavedMeal, SavedMeal, SavedMealLogged } from './types';

// Saved meals and recipes (docs/nutrition-diary.md#saved-meals-and-recipes).

export const SAVED_MEALS_KEY = '/api/nutrition/saved-meals';

/** GET /api/nutrition/saved-meals: my meals and recipes, newest first. */
export function useSavedMeals() {
  return useQuery({ queryKey: [SAVED_MEALS_KEY], ...apiQuery<SavedMeal[]>(SAVED_MEALS_KEY) });
}

/** POST /api/nutrition/saved-meals: foods of my diary as a meal, or with servings a recipe. */
export function useCreateSavedMeal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: NewSavedMeal) => apiFetch<SavedMeal>(SAVED_MEALS_KEY, { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: [SAVED_MEALS_KEY] }),
  });
}

/** PATCH /api/nutrition/saved-meals/{id}: a new name. */
export function useRenameSavedMeal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) => apiFetch<SavedMeal>(`${SAVED_MEALS_KEY}/${id}`, { method: 'PATCH', body: { name } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: [SAVED_MEALS_KEY] }),
  });
}

/** DELETE /api/nutrition/saved-meals/{id}: what was logged from it stays. */
export function useDeleteSavedMeal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<null>(`${SAVED_MEALS_KEY}/${id}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: [SAVED_MEALS_KEY] }),
  });
}

/** POST /api/nutrition/saved-meals/{id}/log: the meal's foods (or a recipe's servings) on a day, in one go. */
export function useLogSavedMeal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: LogSavedMeal & { id: number }) =>
      apiFetch<SavedMealLogged>(`${SAVED_MEALS_KEY}/${id}/log`, { method: 'POST', body }),
    onSuccess: () => invalidateDiary(qc),
  });
}

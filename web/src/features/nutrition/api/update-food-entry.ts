import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { FOOD_ENTRIES_KEY } from './get-food-entries';
import { invalidateDiary } from './invalidate';
import type { FoodEntry, FoodEntryUpdate } from './types';

/** PATCH /api/food-entries/{id}: a new portion, meal or figures. */
export function updateFoodEntry(id: number, update: FoodEntryUpdate): Promise<FoodEntry> {
  return apiFetch<FoodEntry>(`${FOOD_ENTRIES_KEY}/${id}`, { method: 'PATCH', body: update });
}

export function useUpdateFoodEntry() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, update }: { id: number; update: FoodEntryUpdate }) => updateFoodEntry(id, update),
    onSuccess: () => invalidateDiary(qc),
  });
}

/** POST /api/food-entries/{id}/restore: Undo of a delete. */
export function restoreFoodEntry(id: number): Promise<FoodEntry> {
  return apiFetch<FoodEntry>(`${FOOD_ENTRIES_KEY}/${id}/restore`, { method: 'POST' });
}

export function useRestoreFoodEntry() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: restoreFoodEntry, onSuccess: () => invalidateDiary(qc) });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { FOOD_ENTRIES_KEY } from './get-food-entries';
import { invalidateDiary } from './invalidate';
import type { FoodEntry, NewFoodEntry } from './types';

/** POST /api/food-entries (docs/product.md#nutrition); refreshes nutrition and food-entry data. */
export function createFoodEntry(entry: NewFoodEntry): Promise<FoodEntry> {
  return apiFetch<FoodEntry>(FOOD_ENTRIES_KEY, { method: 'POST', body: entry });
}

export function useCreateFoodEntry() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createFoodEntry,
    onSuccess: () => invalidateDiary(qc),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { FOOD_ENTRIES_KEY } from './get-food-entries';
import { invalidateDiary } from './invalidate';
import type { FoodCopyRequest, FoodCopyResult } from './types';

/** POST /api/food-entries/copy: a meal or a whole day from another date. */
export function copyFoodEntries(req: FoodCopyRequest): Promise<FoodCopyResult> {
  return apiFetch<FoodCopyResult>(`${FOOD_ENTRIES_KEY}/copy`, { method: 'POST', body: req });
}

export function useCopyFoodEntries() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: copyFoodEntries, onSuccess: () => invalidateDiary(qc) });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { FOOD_ENTRIES_KEY } from './get-food-entries';
import { invalidateDiary } from './invalidate';

/** DELETE /api/food-entries/{id}. */
export function deleteFoodEntry(id: number): Promise<null> {
  return apiFetch<null>(`${FOOD_ENTRIES_KEY}/${id}`, { method: 'DELETE' });
}

export function useDeleteFoodEntry() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteFoodEntry,
    onSuccess: () => invalidateDiary(qc),
  });
}

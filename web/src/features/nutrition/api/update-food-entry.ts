import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { USER_QUERY_KEY, type User } from '@/lib/session';
import { sendOrQueue, type Queued } from '@/lib/offline/send';
import { FOOD_ENTRIES_KEY } from './get-food-entries';
import { invalidateDiary } from './invalidate';
import type { FoodEntry, FoodEntryUpdate } from './types';

/** PATCH /api/food-entries/{id}: a new portion, meal or figures; kept on the device without a connection. */
export function updateFoodEntry(userId: number, id: number, update: FoodEntryUpdate, label: string): Promise<FoodEntry | Queued> {
  return sendOrQueue<FoodEntry>({ kind: 'food-entry', method: 'PATCH', path: `${FOOD_ENTRIES_KEY}/${id}`, body: update, userId, label: `Edit: ${label}` });
}

export function useUpdateFoodEntry() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, update, label }: { id: number; update: FoodEntryUpdate; label: string }) =>
      updateFoodEntry(qc.getQueryData<User | null>(USER_QUERY_KEY)?.id ?? 0, id, update, label),
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

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { USER_QUERY_KEY, type User } from '@/lib/session';
import { sendOrQueue, type Queued } from '@/lib/offline/send';
import { FOOD_ENTRIES_KEY } from './get-food-entries';
import { invalidateDiary } from './invalidate';
import type { FoodEntry, NewFoodEntry } from './types';

/**
 * POST /api/food-entries (docs/product.md#nutrition); without a connection the
 * entry waits on the device (docs/offline.md#the-outbox). label names it there.
 */
export function createFoodEntry(userId: number, entry: NewFoodEntry, label: string): Promise<FoodEntry | Queued> {
  return sendOrQueue<FoodEntry>({ kind: 'food-entry', method: 'POST', path: FOOD_ENTRIES_KEY, body: entry, userId, label: `Food: ${label}` });
}

export function useCreateFoodEntry() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ label, ...entry }: NewFoodEntry & { label: string }) =>
      createFoodEntry(qc.getQueryData<User | null>(USER_QUERY_KEY)?.id ?? 0, entry, label),
    onSuccess: () => invalidateDiary(qc),
  });
}

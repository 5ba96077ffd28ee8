import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { useRefreshGoal } from './race-goal';
import type { RaceStrategy } from './types';

/** POST /api/race-strategy (elite): a pacing plan that adds up to the goal; the goal given becomes my stored goal. */
export function createRaceStrategy(input: { goalSeconds: number; division?: string }): Promise<RaceStrategy> {
  return apiFetch<RaceStrategy>('/api/race-strategy', { method: 'POST', body: input });
}

export function useCreateRaceStrategy() {
  const refresh = useRefreshGoal();
  return useMutation({ mutationFn: createRaceStrategy, onSuccess: refresh });
}

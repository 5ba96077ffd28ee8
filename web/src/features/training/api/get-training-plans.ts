import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { TrainingPlan } from './types';

export const trainingPlansKey = ['/api/training-plans'] as const;

export function getTrainingPlans(signal?: AbortSignal): Promise<TrainingPlan[]> {
  return apiFetch<TrainingPlan[]>('/api/training-plans', { signal });
}

/** The plans carry `locked` for the caller, so the key includes who asks. */
export function trainingPlansQueryOptions(userId: number | null) {
  return queryOptions({
    queryKey: [...trainingPlansKey, { userId }] as const,
    queryFn: ({ signal }) => getTrainingPlans(signal),
  });
}

export function useTrainingPlans(userId: number | null) {
  return useQuery(trainingPlansQueryOptions(userId));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { TrainingPlan } from './types';

export const trainingPlansKey = ['/api/training-plans'] as const;

export function getTrainingPlans(signal?: AbortSignal): Promise<TrainingPlan[]> {
  return apiFetch<TrainingPlan[]>('/api/training-plans', { signal });
}

/** The plans carry `locked` for the caller, so the key includes who asks and their tier. */
export function trainingPlansQueryOptions(viewer: { id: number; subscriptionTier: string } | null | undefined) {
  return queryOptions({
    queryKey: [...trainingPlansKey, { userId: viewer?.id ?? null, tier: viewer?.subscriptionTier ?? null }] as const,
    queryFn: ({ signal }) => getTrainingPlans(signal),
  });
}

/** `viewer` undefined means the session is still resolving: wait for it. */
export function useTrainingPlans(viewer: { id: number; subscriptionTier: string } | null | undefined) {
  return useQuery({ ...trainingPlansQueryOptions(viewer), enabled: viewer !== undefined });
}

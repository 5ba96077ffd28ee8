import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { trainingPlansKey } from './get-training-plans';
import type { TrainingPlanDetail } from './types';

export function getTrainingPlan(id: string, signal?: AbortSignal): Promise<TrainingPlanDetail> {
  return apiFetch<TrainingPlanDetail>(`/api/training-plans/${encodeURIComponent(id)}`, { signal });
}

export function trainingPlanQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...trainingPlansKey, id] as const,
    queryFn: ({ signal }) => getTrainingPlan(id, signal),
  });
}

export function useTrainingPlan(id: string) {
  return useQuery(trainingPlanQueryOptions(id));
}

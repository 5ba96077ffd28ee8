import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { WorkoutLogDetail } from './types';

export const workoutLogDetailKey = (id: number) => ['/api/workout-logs', 'detail', id] as const;

/** GET /api/workout-logs/{id}/detail: one of my logs with its history and records. */
export function workoutLogQueryOptions(id: number) {
  return queryOptions({
    queryKey: workoutLogDetailKey(id),
    queryFn: ({ signal }) => apiFetch<WorkoutLogDetail>(`/api/workout-logs/${id}/detail`, { signal }),
  });
}

export function useWorkoutLog(id: number) {
  return useQuery({ ...workoutLogQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}

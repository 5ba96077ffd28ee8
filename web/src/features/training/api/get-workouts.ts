import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { Workout } from './types';

export const workoutsKey = ['/api/workouts'] as const;

export function getWorkouts(signal?: AbortSignal): Promise<Workout[]> {
  return apiFetch<Workout[]>('/api/workouts', { signal });
}

export function workoutsQueryOptions() {
  return queryOptions({ queryKey: workoutsKey, queryFn: ({ signal }) => getWorkouts(signal) });
}

export function useWorkouts() {
  return useQuery(workoutsQueryOptions());
}

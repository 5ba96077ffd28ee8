import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { seedFromFirstData } from '@/lib/first-data';
import type { Workout } from './types';

export const workoutsKey = ['/api/workouts'] as const;

export function getWorkouts(signal?: AbortSignal): Promise<Workout[]> {
  return apiFetch<Workout[]>('/api/workouts', { signal });
}

export function workoutsQueryOptions() {
  return queryOptions({ queryKey: workoutsKey, queryFn: ({ signal }) => getWorkouts(signal), ...seedFromFirstData<Workout[]>('/api/workouts') });
}

export function useWorkouts() {
  return useQuery(workoutsQueryOptions());
}

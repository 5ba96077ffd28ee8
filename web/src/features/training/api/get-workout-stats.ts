import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { toLocalISODate } from '@/lib/format';
import type { WorkoutStats } from './types';

export const workoutStatsKey = (userId: number) => ['/api/workout-stats', userId] as const;

/**
 * GET /api/workout-stats/{userId} on the browser's calendar: today's local
 * date and the offset in minutes east of UTC, so "this week" and the streak
 * follow the athlete's own days.
 */
export function getWorkoutStats(userId: number, signal?: AbortSignal): Promise<WorkoutStats> {
  const now = new Date();
  const q = new URLSearchParams({ today: toLocalISODate(now), tzOffset: String(-now.getTimezoneOffset()) });
  return apiFetch<WorkoutStats>(`/api/workout-stats/${userId}?${q.toString()}`, { signal });
}

export function workoutStatsQueryOptions(userId: number) {
  return queryOptions({ queryKey: workoutStatsKey(userId), queryFn: ({ signal }) => getWorkoutStats(userId, signal) });
}

export function useWorkoutStats(userId: number) {
  return useQuery(workoutStatsQueryOptions(userId));
}

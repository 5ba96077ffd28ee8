import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { WorkoutLogPage } from './types';

export const workoutLogsKey = (userId: number) => ['/api/workout-logs', userId] as const;

export const WORKOUT_LOGS_PAGE_SIZE = 10;

export function getWorkoutLogs(userId: number, cursor: string, signal?: AbortSignal): Promise<WorkoutLogPage> {
  const q = new URLSearchParams({ limit: String(WORKOUT_LOGS_PAGE_SIZE) });
  if (cursor) q.set('cursor', cursor);
  return apiFetch<WorkoutLogPage>(`/api/workout-logs/${userId}?${q.toString()}`, { signal });
}

/** My logs, newest first, a page at a time ("Load more"). */
export function workoutLogsQueryOptions(userId: number) {
  return infiniteQueryOptions({
    queryKey: workoutLogsKey(userId),
    queryFn: ({ pageParam, signal }) => getWorkoutLogs(userId, pageParam, signal),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor || undefined,
  });
}

export function useWorkoutLogs(userId: number) {
  return useInfiniteQuery(workoutLogsQueryOptions(userId));
}

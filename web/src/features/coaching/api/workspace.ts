import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiFetch } from '@/lib/api-client';
import type { components } from '@/lib/api-types';

// The coach's workspace (docs/coaching.md#the-coachs-workspace): the
// attention list and the read-only view of one athlete's data, read through
// /api/coach/athletes/{id}/... as the athlete.

export type CoachAthlete = components['schemas']['CoachAthlete'];
export type CalendarSession = components['schemas']['CalendarSession'];
export type WorkoutLog = components['schemas']['WorkoutLog'];
export type WorkoutLogPage = components['schemas']['WorkoutLogPage'];
export type WorkoutLogDetail = components['schemas']['WorkoutLogDetail'];
export type LogComment = components['schemas']['LogComment'];
export type Program = components['schemas']['Program'];
export type RaceResult = components['schemas']['RaceResult'];
export type NutritionHistory = components['schemas']['NutritionHistory'];
export type LoadSummary = components['schemas']['LoadSummary'];

/** Every workspace query key starts with this. */
export const WORKSPACE_KEY = ['/api/coach/athletes'] as const;
const athleteKey = (id: number) => [...WORKSPACE_KEY, id] as const;
const viewKey = (id: number, rest: string) => [...WORKSPACE_KEY, id, rest] as const;

/** Limit of one comment (docs/training-logs.md#coach-comments); the server checks it too. */
export const MAX_COMMENT_CHARS = 2000;

export function useMyAthletes(enabled = true) {
  return useQuery({
    queryKey: WORKSPACE_KEY,
    enabled,
    queryFn: ({ signal }) => apiFetch<CoachAthlete[]>('/api/coach/athletes', { signal }),
  });
}

export function useAthlete(id: number) {
  return useQuery({
    queryKey: athleteKey(id),
    enabled: id > 0,
    retry: false,
    queryFn: ({ signal }) => apiFetch<CoachAthlete>(`/api/coach/athletes/${id}`, { signal }),
  });
}

/**
 * Opening an athlete marks their race results seen (POST .../seen) once the
 * page shows them; the list is refreshed so the count clears.
 */
export function useMarkSeen(id: number, ready: boolean) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!ready) return;
    void apiFetch(`/api/coach/athletes/${id}/seen`, { method: 'POST' })
      .then(() => qc.invalidateQueries({ queryKey: WORKSPACE_KEY, exact: true }))
      .catch(() => undefined);
  }, [id, ready, qc]);
}

/** One whitelisted read of the athlete's data (rest: 'calendar?from=...', 'workout-logs', ...). */
export function useAthleteView<T>(id: number, rest: string, enabled = true) {
  return useQuery({
    queryKey: viewKey(id, rest),
    enabled: enabled && id > 0,
    retry: false,
    queryFn: ({ signal }) => apiFetch<T>(`/api/coach/athletes/${id}/${rest}`, { signal }),
  });
}

export function useLogDetail(athleteId: number, logId: number | null) {
  return useAthleteView<WorkoutLogDetail>(athleteId, `workout-logs/${logId ?? 0}/detail`, logId != null);
}

/** POST /api/workout-logs/{id}/comments: the coach comments on the athlete's log. */
export function useAddComment(athleteId: number, logId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => apiFetch<LogComment>(`/api/workout-logs/${logId}/comments`, { method: 'POST', body: { body } }),
    onSuccess: (c) =>
      qc.setQueryData<WorkoutLogDetail>(viewKey(athleteId, `workout-logs/${logId}/detail`), (old) =>
        old && !old.comments.some((x) => x.id === c.id) ? { ...old, comments: [...old.comments, c] } : old,
      ),
  });
}

import { useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch } from '@/lib/api-client';
import type { SessionExercise } from './types';

/**
 * The part of a calendar session (GET /api/calendar/sessions/{id}, the
 * calendar's endpoint) the log form pre-fills from.
 */
export type PlannedSession = {
  id: number;
  date: string;
  title: string;
  workoutId?: number | null;
  minutes?: number;
  exercises?: SessionExercise[];
  logId?: number | null;
};

/** The planned session, or null when the calendar does not know it (the form then works free). */
export function usePlannedSession(id: number | null) {
  return useQuery({
    queryKey: ['/api/calendar/sessions', id],
    enabled: id != null,
    retry: false,
    queryFn: async ({ signal }) => {
      try {
        return await apiFetch<PlannedSession>(`/api/calendar/sessions/${id}`, { signal });
      } catch (err) {
        if (err instanceof ApiError && (err.status === 404 || err.status === 405)) return null;
        throw err;
      }
    },
  });
}

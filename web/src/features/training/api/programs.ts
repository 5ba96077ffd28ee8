import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { apiQuery } from '@/lib/api-query';
import type { components } from '@/lib/api-types';

// Programs, the calendar, its feed and the exercise library (docs/training.md).

export type SessionExercise = components['schemas']['SessionExercise'];
export type LibraryExercise = components['schemas']['LibraryExercise'];
export type Program = components['schemas']['Program'];
export type ProgramInput = components['schemas']['ProgramInput'];
export type ProgramStart = components['schemas']['ProgramStart'];
export type CalendarSession = components['schemas']['CalendarSession'];
export type CalendarFeed = components['schemas']['CalendarFeed'];
export type TrainingSession = components['schemas']['TrainingSession'];
export type Workout = components['schemas']['Workout'];

export const exercisesKey = ['/api/exercises'] as const;
export const programsKey = ['/api/programs'] as const;
export const calendarKey = ['/api/calendar'] as const;
export const feedKey = ['/api/calendar/feed'] as const;

export function useExercises() {
  return useQuery(
    queryOptions({ queryKey: exercisesKey, ...apiQuery<LibraryExercise[]>('/api/exercises') }),
  );
}

export function useExercise(slug: string) {
  return useQuery({
    queryKey: [...exercisesKey, slug],
    queryFn: ({ signal }) => apiFetch<LibraryExercise>(`/api/exercises/${encodeURIComponent(slug)}`, { signal }),
  });
}

export function useWorkout(id: string) {
  return useQuery({
    queryKey: ['/api/workouts', id],
    queryFn: ({ signal }) => apiFetch<Workout>(`/api/workouts/${encodeURIComponent(id)}`, { signal }),
  });
}

export function useCalendar(from: string, to: string) {
  return useQuery({
    queryKey: [...calendarKey, from, to],
    ...apiQuery<{ from: string; to: string; sessions: CalendarSession[] }>(`/api/calendar?from=${from}&to=${to}`),
  });
}

export function usePatchSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, date, status }: { id: number; date?: string; status?: 'planned' | 'skipped' }) =>
      apiFetch<CalendarSession>(`/api/calendar/sessions/${id}`, { method: 'PATCH', body: { date, status } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: calendarKey }),
  });
}

export function useStartProgram() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, startDate }: { id: number; startDate: string }) =>
      apiFetch<ProgramStart>(`/api/programs/${id}/start`, { method: 'POST', body: { startDate } }),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: calendarKey }), qc.invalidateQueries({ queryKey: programsKey })]),
  });
}

/** My programs, or, with athleteId, the ones I wrote for an athlete I coach. */
export function usePrograms(athleteId?: number) {
  return useQuery({
    queryKey: athleteId ? [...programsKey, 'athlete', athleteId] : programsKey,
    queryFn: ({ signal }) => apiFetch<Program[]>(athleteId ? `/api/programs?athlete=${athleteId}` : '/api/programs', { signal }),
  });
}

export type CoachedAthlete = { id: number; username: string };

/**
 * The athletes a coach coaches now (the active threads of GET /api/coaching,
 * the coaching area's answer), for the coach's program pages.
 */
export function useCoachedAthletes(coachId: number | undefined) {
  return useQuery({
    queryKey: ['/api/coaching'],
    enabled: coachId != null,
    queryFn: ({ signal }) => apiFetch<components['schemas']['CoachingOverview']>('/api/coaching', { signal }),
    select: (o): CoachedAthlete[] =>
      o.threads.filter((t) => t.active && t.coachId === coachId).map((t) => ({ id: t.athleteId, username: t.athleteUsername })),
  });
}

export function useProgram(id: string | undefined) {
  return useQuery({
    queryKey: [...programsKey, id],
    queryFn: ({ signal }) => apiFetch<Program>(`/api/programs/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: id != null,
  });
}

export function useSaveProgram() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: ProgramInput }) =>
      id == null
        ? apiFetch<Program>('/api/programs', { method: 'POST', body: input })
        : apiFetch<Program>(`/api/programs/${id}`, { method: 'PUT', body: input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: programsKey }),
  });
}

export function useDeleteProgram() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<void>(`/api/programs/${id}`, { method: 'DELETE' }),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: programsKey }), qc.invalidateQueries({ queryKey: calendarKey })]),
  });
}

export function useFeed() {
  return useQuery({ queryKey: feedKey, ...apiQuery<CalendarFeed>('/api/calendar/feed') });
}

export function useCreateFeed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<CalendarFeed>('/api/calendar/feed', { method: 'POST' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: feedKey }),
  });
}

export function useRevokeFeed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<void>('/api/calendar/feed', { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: feedKey }),
  });
}

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { ANALYTICS_KEY } from './get-analytics';
import { LEADERBOARD_KEY } from './get-leaderboard';
import type { RaceResult, RaceResultInput } from './types';

export const RACE_RESULTS_KEY = '/api/race-results';

type Page = { items: RaceResult[]; nextCursor: string };

/** GET /api/race-results: my results, newest first (first page). */
export function getRaceResults(limit = 20, signal?: AbortSignal): Promise<Page> {
  return apiFetch<Page>(`${RACE_RESULTS_KEY}?limit=${limit}`, { signal });
}

export function raceResultsQueryOptions(limit = 20) {
  return queryOptions({
    queryKey: [RACE_RESULTS_KEY, { limit }] as const,
    queryFn: ({ signal }) => getRaceResults(limit, signal),
  });
}

export function useRaceResults(limit = 20) {
  return useQuery(raceResultsQueryOptions(limit));
}

function useRefreshRacing() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: [RACE_RESULTS_KEY] }),
      qc.invalidateQueries({ queryKey: [LEADERBOARD_KEY] }),
      qc.invalidateQueries({ queryKey: [ANALYTICS_KEY] }),
    ]);
}

/** POST /api/race-results. */
export function createRaceResult(input: RaceResultInput): Promise<RaceResult> {
  return apiFetch<RaceResult>(RACE_RESULTS_KEY, { method: 'POST', body: input });
}

export function useCreateRaceResult() {
  const refresh = useRefreshRacing();
  return useMutation({ mutationFn: createRaceResult, onSuccess: refresh });
}

/** DELETE /api/race-results/{id}. */
export function deleteRaceResult(id: number): Promise<unknown> {
  return apiFetch(`${RACE_RESULTS_KEY}/${id}`, { method: 'DELETE' });
}

export function useDeleteRaceResult() {
  const refresh = useRefreshRacing();
  return useMutation({ mutationFn: deleteRaceResult, onSuccess: refresh });
}

/** GET /api/race-results/{id}: one of my results. */
export function useRaceResult(id: number) {
  return useQuery(
    queryOptions({
      queryKey: [RACE_RESULTS_KEY, id] as const,
      queryFn: ({ signal }) => apiFetch<RaceResult>(`${RACE_RESULTS_KEY}/${id}`, { signal }),
    }),
  );
}

/** PUT /api/race-results/{id}: replace one of my results (the total and the boards follow). */
export function updateRaceResult({ id, input }: { id: number; input: RaceResultInput }): Promise<RaceResult> {
  return apiFetch<RaceResult>(`${RACE_RESULTS_KEY}/${id}`, { method: 'PUT', body: input });
}

export function useUpdateRaceResult() {
  const refresh = useRefreshRacing();
  return useMutation({ mutationFn: updateRaceResult, onSuccess: refresh });
}

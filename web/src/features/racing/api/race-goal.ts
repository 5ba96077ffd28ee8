import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { seedFromFirstData } from '@/lib/first-data';
import { ANALYTICS_KEY } from './get-analytics';
import type { RaceGoal } from './types';

// The one goal time (docs/analytics.md#the-goal-time): the analytics page and
// the race strategy page both read it through useRaceGoal, and a plan built for
// another goal stores that goal, so the two never disagree.
export const RACE_GOAL_KEY = '/api/race-goal';

/** GET /api/race-goal (pro): my goal in seconds, null when none. */
export function getRaceGoal(signal?: AbortSignal): Promise<RaceGoal> {
  return apiFetch<RaceGoal>(RACE_GOAL_KEY, { signal });
}

export function raceGoalQueryOptions() {
  return queryOptions({
    queryKey: [RACE_GOAL_KEY] as const,
    queryFn: ({ signal }) => getRaceGoal(signal),
    ...seedFromFirstData<RaceGoal>(RACE_GOAL_KEY),
  });
}

export function useRaceGoal() {
  return useQuery(raceGoalQueryOptions());
}

/** Refreshes what reads the goal: the goal itself and the analytics that score against it. */
export function useRefreshGoal() {
  const qc = useQueryClient();
  return () =>
    Promise.all([qc.invalidateQueries({ queryKey: [RACE_GOAL_KEY] }), qc.invalidateQueries({ queryKey: [ANALYTICS_KEY] })]);
}

/** PUT /api/race-goal: set my goal, or clear it with null. */
export function setRaceGoal(goalSeconds: number | null): Promise<RaceGoal> {
  return apiFetch<RaceGoal>(RACE_GOAL_KEY, { method: 'PUT', body: { goalSeconds } });
}

export function useSetRaceGoal() {
  const refresh = useRefreshGoal();
  return useMutation({ mutationFn: setRaceGoal, onSuccess: refresh });
}

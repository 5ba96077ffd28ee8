import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch } from '@/lib/api-client';
import { seedFromFirstData } from '@/lib/first-data';
import { timeZone } from '@/lib/time-zone';
import { invalidateDiary } from './invalidate';
import type { DayPlan, PlanMealLogged, PlanMealRequest } from './types';

export const PLAN_KEY = '/api/nutrition/plan';

/** No meal swapped: the plan the page asks first (the dashboard shares it with the plan card). */
export const NO_SWAPS: readonly number[] = [0, 0, 0, 0];

/** GET /api/nutrition/plan?date=&swaps=: null when there are no targets yet (404). */
export async function getPlan(date: string, swaps: readonly number[], signal?: AbortSignal): Promise<DayPlan | null> {
  try {
    return await apiFetch<DayPlan>(planPath(date, swaps), { signal });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

function planPath(date: string, swaps: readonly number[]): string {
  return `${PLAN_KEY}?date=${encodeURIComponent(date)}&tz=${encodeURIComponent(timeZone())}&swaps=${swaps.join(',')}`;
}

export function planQueryOptions(date: string, swaps: readonly number[]) {
  return queryOptions({
    queryKey: [PLAN_KEY, date, swaps.join(',')],
    queryFn: ({ signal }) => getPlan(date, swaps, signal),
    ...seedFromFirstData<DayPlan | null>(() => planPath(date, swaps)),
  });
}

export function useDayPlan(date: string, swaps: number[]) {
  return useQuery({ ...planQueryOptions(date, swaps), placeholderData: keepPreviousData });
}

/** POST /api/nutrition/plan/meals: one generated meal logged in one go. */
export function useLogPlanMeal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (req: PlanMealRequest) => apiFetch<PlanMealLogged>(`${PLAN_KEY}/meals`, { method: 'POST', body: req }),
    onSuccess: () => invalidateDiary(qc),
  });
}

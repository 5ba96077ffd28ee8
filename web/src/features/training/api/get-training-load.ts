import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { localCalendarQuery } from './local-calendar';
import type { TrainingLoad } from './types';

export const trainingLoadKey = ['/api/training-load'] as const;

/** GET /api/training-load on the browser's calendar. */
export function trainingLoadQueryOptions() {
  return queryOptions({
    queryKey: trainingLoadKey,
    queryFn: ({ signal }) => apiFetch<TrainingLoad>(`/api/training-load?${localCalendarQuery()}`, { signal }),
  });
}

export function useTrainingLoad() {
  return useQuery(trainingLoadQueryOptions());
}

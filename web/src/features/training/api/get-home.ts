import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api-query';
import { localCalendarQuery } from './local-calendar';
import type { TrainingHome } from './types';

export const trainingHomeKey = ['/api/home'] as const;

/** GET /api/home: today's sessions, the week strip, load and compliance. */
export function trainingHomeQueryOptions() {
  return queryOptions({
    queryKey: trainingHomeKey,
    ...apiQuery<TrainingHome>(() => `/api/home?${localCalendarQuery()}`),
  });
}

export function useTrainingHome() {
  return useQuery(trainingHomeQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { PersonalRecord } from './types';

export const personalRecordsKey = ['/api/personal-records'] as const;

export function personalRecordsQueryOptions() {
  return queryOptions({
    queryKey: personalRecordsKey,
    queryFn: ({ signal }) => apiFetch<PersonalRecord[]>('/api/personal-records', { signal }),
  });
}

export function usePersonalRecords() {
  return useQuery(personalRecordsQueryOptions());
}

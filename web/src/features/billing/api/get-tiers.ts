import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { CatalogueTier } from './types';

export const getTiers = (signal?: AbortSignal) => apiFetch<CatalogueTier[]>('/api/tiers', { signal });

export const tiersQueryOptions = () => queryOptions({ queryKey: ['/api/tiers'], queryFn: ({ signal }) => getTiers(signal) });

export function useTiers() {
  return useQuery(tiersQueryOptions());
}

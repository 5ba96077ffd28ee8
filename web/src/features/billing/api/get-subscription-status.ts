import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { seedFromFirstData } from '@/lib/first-data';
import { USER_QUERY_KEY } from '@/lib/session';
import { useSessionUser } from '@/lib/session';
import type { SubscriptionStatus } from './types';

export const SUBSCRIPTION_STATUS_KEY = ['/api/subscription-status'] as const;

export const getSubscriptionStatus = (signal?: AbortSignal) =>
  apiFetch<SubscriptionStatus>('/api/subscription-status', { signal });

export const subscriptionStatusQueryOptions = () =>
  queryOptions({
    queryKey: SUBSCRIPTION_STATUS_KEY,
    queryFn: ({ signal }) => getSubscriptionStatus(signal),
    ...seedFromFirstData<SubscriptionStatus>('/api/subscription-status'),
  });

/**
 * Fetched only when a user exists (docs/product.md#web-app). When the live status shows
 * another tier than the cached user (a renewal or a period end happened),
 * the user is refetched so the top bar and the route guard follow.
 */
export function useSubscriptionStatus() {
  const qc = useQueryClient();
  const { data: user } = useSessionUser();
  const query = useQuery({ ...subscriptionStatusQueryOptions(), enabled: !!user });
  const liveTier = query.data?.subscriptionTier;
  useEffect(() => {
    if (user && liveTier && liveTier !== user.subscriptionTier) {
      void qc.invalidateQueries({ queryKey: USER_QUERY_KEY });
    }
  }, [qc, user, liveTier]);
  return query;
}

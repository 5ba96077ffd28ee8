import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { useUser } from '@/features/auth/api/get-user';
import type { SubscriptionStatus } from './types';

export const SUBSCRIPTION_STATUS_KEY = ['/api/subscription-status'] as const;

export const getSubscriptionStatus = (signal?: AbortSignal) =>
  apiFetch<SubscriptionStatus>('/api/subscription-status', { signal });

export const subscriptionStatusQueryOptions = () =>
  queryOptions({ queryKey: SUBSCRIPTION_STATUS_KEY, queryFn: ({ signal }) => getSubscriptionStatus(signal) });

/** Fetched only when a user exists (SPEC §6). */
export function useSubscriptionStatus() {
  const { data: user } = useUser();
  return useQuery({ ...subscriptionStatusQueryOptions(), enabled: !!user });
}

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { useSessionUser } from '@/lib/session';
import type { BillingDetails } from './types';

export const BILLING_DETAILS_KEY = ['/api/billing-details'] as const;

export const billingDetailsQueryOptions = () =>
  queryOptions({ queryKey: BILLING_DETAILS_KEY, queryFn: ({ signal }) => apiFetch<BillingDetails>('/api/billing-details', { signal }) });

/** Who invoices are made out to (docs/billing-rules.md#invoices). */
export function useBillingDetails() {
  const { data: user } = useSessionUser();
  return useQuery({ ...billingDetailsQueryOptions(), enabled: !!user });
}

export function useSaveBillingDetails() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (d: BillingDetails) => apiFetch<BillingDetails>('/api/billing-details', { method: 'PUT', body: d }),
    onSuccess: (saved) => qc.setQueryData(BILLING_DETAILS_KEY, saved),
  });
}

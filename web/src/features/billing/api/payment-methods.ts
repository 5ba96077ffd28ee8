import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { useSessionUser } from '@/lib/session';
import { refreshBilling } from './invalidate';
import type { PaymentMethod } from './types';

export const getPaymentMethods = (signal?: AbortSignal) => apiFetch<PaymentMethod[]>('/api/payment-methods', { signal });

export const paymentMethodsQueryOptions = () =>
  queryOptions({ queryKey: ['/api/payment-methods'], queryFn: ({ signal }) => getPaymentMethods(signal) });

export function usePaymentMethods() {
  const { data: user } = useSessionUser();
  return useQuery({ ...paymentMethodsQueryOptions(), enabled: !!user });
}

export const createSetupIntent = () => apiFetch<{ clientSecret: string }>('/api/setup-intent', { method: 'POST' });

export const addPaymentMethod = (stripePaymentMethodId: string) =>
  apiFetch<PaymentMethod>('/api/payment-methods', { method: 'POST', body: { stripePaymentMethodId, type: 'card' } });

export function useAddPaymentMethod() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: addPaymentMethod, onSuccess: () => refreshBilling(qc) });
}

export function useDeletePaymentMethod() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<null>(`/api/payment-methods/${id}`, { method: 'DELETE' }),
    onSuccess: () => refreshBilling(qc),
  });
}

export function useSetDefaultPaymentMethod() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<PaymentMethod[]>(`/api/payment-methods/${id}/default`, { method: 'PUT' }),
    onSuccess: () => refreshBilling(qc),
  });
}

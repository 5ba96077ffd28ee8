import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { seedFromFirstData } from '@/lib/first-data';
import type { PaymentConfig } from './types';

export const getPaymentConfig = (signal?: AbortSignal) => apiFetch<PaymentConfig>('/api/config', { signal });

export const paymentConfigQueryOptions = () =>
  queryOptions({ queryKey: ['/api/config'], queryFn: ({ signal }) => getPaymentConfig(signal), ...seedFromFirstData<PaymentConfig>('/api/config') });

export function usePaymentConfig() {
  return useQuery(paymentConfigQueryOptions());
}

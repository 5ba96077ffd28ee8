import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { refreshBilling } from './invalidate';
import type { ChangePreview, CreateSubscriptionResult, SubscriptionStatus, UpdateSubscriptionResult } from './types';

export const createSubscription = (input: { priceId: string; tier: string }) =>
  apiFetch<CreateSubscriptionResult>('/api/create-subscription', { method: 'POST', body: input });

export const updateSubscription = (input: { newPriceId: string; newTier: string }) =>
  apiFetch<UpdateSubscriptionResult>('/api/update-subscription', { method: 'POST', body: input });

export const previewSubscriptionChange = (input: { newPriceId: string; newTier: string }) =>
  apiFetch<ChangePreview>('/api/preview-subscription-change', { method: 'POST', body: input });

export const cancelSubscription = () => apiFetch<SubscriptionStatus>('/api/cancel-subscription', { method: 'POST' });

export const resumeSubscription = () => apiFetch<SubscriptionStatus>('/api/resume-subscription', { method: 'POST' });

export const retryPayment = (input: { paymentMethodId: string }) =>
  apiFetch<SubscriptionStatus>('/api/retry-payment', { method: 'POST', body: input });

export function useCreateSubscription() {
  return useMutation({ mutationFn: createSubscription });
}

export function useUpdateSubscription() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateSubscription, onSuccess: () => refreshBilling(qc) });
}

export function useCancelSubscription() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: cancelSubscription, onSuccess: () => refreshBilling(qc) });
}

export function usePreviewSubscriptionChange() {
  return useMutation({ mutationFn: previewSubscriptionChange });
}

export function useResumeSubscription() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: resumeSubscription, onSuccess: () => refreshBilling(qc) });
}

export function useRetryPayment() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: retryPayment, onSuccess: () => refreshBilling(qc) });
}

import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { NewsletterResult } from './subscribe-newsletter';

/** POST /api/newsletter/confirm: the token of the e-mailed confirmation link (no session needed). */
export function confirmNewsletter(token: string): Promise<NewsletterResult> {
  return apiFetch<NewsletterResult>('/api/newsletter/confirm', { method: 'POST', body: { token } });
}

/** POST /api/newsletter/unsubscribe?token= : the same one-click target mail clients use. */
export function unsubscribeNewsletter(token: string): Promise<NewsletterResult> {
  return apiFetch<NewsletterResult>(`/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`, { method: 'POST' });
}

export const useConfirmNewsletter = () => useMutation({ mutationFn: confirmNewsletter });
export const useUnsubscribeNewsletter = () => useMutation({ mutationFn: unsubscribeNewsletter });

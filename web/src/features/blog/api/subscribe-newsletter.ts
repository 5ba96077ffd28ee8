import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { components } from '@/lib/api-types';

export type NewsletterResult = components['schemas']['NewsletterResult'];

/**
 * POST /api/newsletter. Every address gets the same answer (a confirmed one
 * learns it is subscribed already by e-mail, never here); the server validates
 * the address and its message is what the box shows. Nothing cached depends on it, so nothing to refresh.
 */
export function subscribeNewsletter(email: string): Promise<NewsletterResult> {
  return apiFetch<NewsletterResult>('/api/newsletter', { method: 'POST', body: { email } });
}

export function useSubscribeNewsletter() {
  return useMutation({ mutationFn: subscribeNewsletter });
}

import { apiFetch } from '@/lib/api-client';
import type { components } from '@/lib/api-types';

// The sandbox provider's stand-in for Stripe.js confirmCardSetup/confirmCardPayment.
// Sandbox mode only; the test card number is never stored or logged by the server.

export type SandboxCard = { number: string; expMonth: number; expYear: number; cvc: string };
export type SandboxConfirmResult = components['schemas']['SandboxConfirmResult'];

export const sandboxConfirm = (kind: 'setup' | 'payment', clientSecret: string, card: SandboxCard, authenticated = false) =>
  apiFetch<SandboxConfirmResult>(`/api/sandbox/confirm-${kind}`, {
    method: 'POST',
    body: { clientSecret, card, authenticated },
  });

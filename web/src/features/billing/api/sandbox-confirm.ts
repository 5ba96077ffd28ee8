import { apiFetch } from '@/lib/api-client';

// The sandbox provider's stand-in for Stripe.js confirmCardSetup/confirmCardPayment.
// Sandbox mode only; the test card number is never stored or logged by the server.

export type SandboxCard = { number: string; expMonth: number; expYear: number; cvc: string };
export type SandboxConfirmResult = { status: 'succeeded' | 'requires_action'; paymentMethodId?: string };

export const sandboxConfirm = (kind: 'setup' | 'payment', clientSecret: string, card: SandboxCard, authenticated = false) =>
  apiFetch<SandboxConfirmResult>(`/api/sandbox/confirm-${kind}`, {
    method: 'POST',
    body: { clientSecret, card, authenticated },
  });

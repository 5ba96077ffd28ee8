import { z } from 'zod';

// Who invoices are made out to. The server checks the fields and words the
// messages (docs/billing-rules.md#invoices); the form sends what was typed.
export const billingDetailsSchema = z.object({
  name: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string(),
  city: z.string(),
  postalCode: z.string(),
  country: z.string(),
  vatNumber: z.string(),
});
export type BillingDetailsValues = z.infer<typeof billingDetailsSchema>;

// The card forms (docs/product.md#form-messages). The card itself is the
// provider's field: Stripe's CardElement, or in sandbox mode our look-alike,
// whose number, expiry and CVC are checked as Stripe checks them, live and with
// Stripe's words (components/sandbox-card.ts), not here. The form holds what
// the athlete types into it; the provider's errors are the form's message.
export const sandboxCardSchema = z.object({ number: z.string(), expiry: z.string(), cvc: z.string() });
export type SandboxCardValues = z.infer<typeof sandboxCardSchema>;
// In Stripe mode nothing of the card is ours to hold: Stripe Elements keep it.
export const stripeCardSchema = z.object({});
export type StripeCardValues = z.infer<typeof stripeCardSchema>;

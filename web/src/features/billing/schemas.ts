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

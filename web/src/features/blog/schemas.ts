import { z } from 'zod';

// The newsletter sign-up: the server checks the address and words the message
// (docs/product.md#blog); the form sends what was typed, trimmed.
export const newsletterSchema = z.object({ email: z.string().trim() });
export type NewsletterValues = z.infer<typeof newsletterSchema>;

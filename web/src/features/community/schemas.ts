import { z } from 'zod';

// A post's or a comment's text, as the composer and the comment box send it.
// The server checks its length and words the message (docs/product.md#community).
export const contentSchema = z.object({ content: z.string() });
export type ContentValues = z.infer<typeof contentSchema>;

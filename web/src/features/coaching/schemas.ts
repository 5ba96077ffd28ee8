import { z } from 'zod';

// The coach profile form. The server checks the rules and words the messages
// (docs/coaching.md#roles); the form sends what was typed.
export const coachProfileSchema = z.object({
  name: z.string(),
  bio: z.string(),
  photo: z.string(),
  specialities: z.string(),
  timeZone: z.string(),
});
export type CoachProfileValues = z.infer<typeof coachProfileSchema>;

/** "Rowing, Sled pull" → ["Rowing", "Sled pull"]. */
export const splitSpecialities = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

// A message body: an Ask a Coach question, a coach's answer, a thread message.
// The server checks its length and words the message.
export const messageSchema = z.object({ body: z.string() });
export type MessageValues = z.infer<typeof messageSchema>;

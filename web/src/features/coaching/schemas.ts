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

// A message body: an Ask a Coach question, a coach's answer, a thread message,
// a coach's comment on an athlete's log.
// The server checks its length and words the message.
export const messageSchema = z.object({ body: z.string() });
export type MessageValues = z.infer<typeof messageSchema>;

// A 1:1 session (docs/coaching.md#11-sessions): an athlete books its start and
// length, its coach sets the meeting link. The server checks the slot and the
// link and words the messages; each form sends its part of the session.
export const sessionSchema = z.object({ start: z.string(), minutes: z.number(), url: z.string().trim() });
export const bookingSchema = sessionSchema.pick({ start: true, minutes: true });
export type BookingValues = z.infer<typeof bookingSchema>;
export const meetingLinkSchema = sessionSchema.pick({ url: true });
export type MeetingLinkValues = z.infer<typeof meetingLinkSchema>;

// A coach's availability (docs/coaching.md#11-sessions): weekly windows and
// dated exceptions. The server checks each row and names its error by the
// row (weekly[2], exceptions[0]), so the message shows at that row; a day off
// sends no times.
export const availabilitySchema = z
  .object({
    weekly: z.array(z.object({ weekday: z.number(), start: z.string(), end: z.string() })),
    exceptions: z.array(
      z.object({ date: z.string(), kind: z.enum(['off', 'extra']), start: z.string().optional(), end: z.string().optional() }),
    ),
  })
  .transform(({ weekly, exceptions }) => ({
    weekly,
    exceptions: exceptions.map((x) => (x.kind === 'extra' ? x : { date: x.date, kind: x.kind })),
  }));
export type AvailabilityValues = z.input<typeof availabilitySchema>;
export type AvailabilityOutput = z.output<typeof availabilitySchema>;

import { z } from 'zod';
import { formatTimeEntry, parseTimeEntry, spokenTimeEntry, timeEntrySeconds } from '@/lib/time-entry';

// The workout log, one schema for its two forms (docs/training-logs.md): the
// detailed log form (a library or custom workout, date and time in the past
// year, duration, RPE 1-10 for the training load, 'how it felt' 1-5, a required
// choice with no default, and the per-exercise actuals) and the quick log
// dialog, which picks the fields it shows. The messages are the server's.

/** A time field's refusal (docs/time-entry.md) as the schema's message. */
function refuseBadTime(text: string, ctx: z.RefinementCtx) {
  const e = parseTimeEntry(text);
  if ('error' in e) ctx.addIssue({ code: 'custom', message: e.error });
}

/** Whole minutes of a typed duration (the API keeps minutes), or null when it is not a time. */
export function durationMinutes(text: string): number | null {
  const s = timeEntrySeconds(text);
  return s == null ? null : Math.round(s / 60);
}

/** A duration typed as a time (45:00, 1:05:30): 1 minute to 5 hours, kept as whole minutes. */
export const durationSchema = z.string().superRefine((text, ctx) => {
  const e = parseTimeEntry(text);
  if ('empty' in e) ctx.addIssue({ code: 'custom', message: 'Please enter the duration, e.g. 45:00' });
  else if ('error' in e) ctx.addIssue({ code: 'custom', message: e.error });
  else if (Math.round(e.seconds / 60) < 1) ctx.addIssue({ code: 'custom', message: 'Duration must be at least 1 minute' });
  else if (Math.round(e.seconds / 60) > 300) ctx.addIssue({ code: 'custom', message: 'Duration cannot exceed 5 hours' });
});

/** The duration field's read-back: the time, and the minutes it is saved as when they differ. */
export function durationReadBack(seconds: number): string {
  const said = `Reads as ${spokenTimeEntry(seconds)}`;
  return seconds % 60 ? `${said}, saved as ${Math.round(seconds / 60)} min` : said;
}

/** Minutes as the duration field shows them. */
export const durationText = (minutes: number) => formatTimeEntry(minutes * 60);

const count = (msg: string) => z.string().refine((v) => v.trim() === '' || (Number.isInteger(Number(v)) && Number(v) >= 0), msg);
const amount = (msg: string) => z.string().refine((v) => v.trim() === '' || (Number.isFinite(Number(v)) && Number(v) >= 0), msg);

/** One exercise's actuals; an empty box does not apply. The load is in the athlete's units. */
export const exerciseActualsSchema = z.object({
  exercise: z.string().trim().min(1, 'Exercise name is required').max(100, 'Exercise name must be at most 100 characters'),
  sets: count('Sets must be a whole number of 0 or more'),
  reps: count('Reps must be a whole number of 0 or more'),
  load: amount('Load cannot be negative'),
  distanceM: count('Distance cannot be negative'),
  time: z.string().superRefine(refuseBadTime),
});

const YEAR_MS = 365 * 24 * 3600 * 1000;

/** A workout log as its forms hold it (strings, as typed); the forms turn it into the API body. */
export const workoutLogSchema = z.object({
  /** A library workout's id, or '' for a custom one. */
  workoutId: z.string(),
  workoutName: z.string().trim().min(1, 'Workout name is required').max(100, 'Workout name must be at most 100 characters'),
  completedAt: z
    .string()
    .min(1, 'Please enter the date and time')
    .refine((v) => !Number.isNaN(new Date(v).getTime()), 'Please enter the date and time')
    .refine((v) => new Date(v).getTime() <= Date.now() + 5 * 60 * 1000, 'A workout cannot be completed in the future')
    .refine((v) => new Date(v).getTime() >= Date.now() - YEAR_MS, 'A workout must be from the past year'),
  duration: durationSchema,
  /** 1-10, or '' for not rated (no training load). */
  rpe: z.string(),
  /** 'How it felt', 1-5: no default, the athlete chooses it. */
  rating: z
    .string()
    .min(1, 'Please choose how it felt')
    .refine((v) => Number(v) <= 5, 'Rating cannot exceed 5'),
  notes: z.string().max(2000, 'Notes must be at most 2000 characters'),
  exercises: z.array(exerciseActualsSchema).max(50, 'A log can hold at most 50 exercises'),
});

export type WorkoutLogValues = z.infer<typeof workoutLogSchema>;
export type ExerciseActualsValues = WorkoutLogValues['exercises'][number];

/**
 * The quick log (the dialog): a library workout, its duration, how it felt and
 * notes, by the same rules; the workout is required there.
 */
export const quickLogSchema = workoutLogSchema.pick({ workoutId: true, duration: true, rating: true, notes: true }).extend({
  workoutId: workoutLogSchema.shape.workoutId.min(1, 'Please select a workout'),
});

export type QuickLogValues = z.infer<typeof quickLogSchema>;

/** Start a plan or program on a date (YYYY-MM-DD); the server words the date's rules. */
export const startProgramSchema = z.object({ startDate: z.string() });
export type StartProgramValues = z.infer<typeof startProgramSchema>;

/** Move a calendar session to a date (YYYY-MM-DD); the server words the date's rules. */
export const moveSessionSchema = z.object({ date: z.string() });
export type MoveSessionValues = z.infer<typeof moveSessionSchema>;

// A program as the builder holds it (docs/training.md#programs): weeks of
// sessions, each a library workout or a custom one with structured exercises.
// The server checks the rules and words the messages.
const programExerciseSchema = z.object({
  exercise: z.string(),
  sets: z.number().optional(),
  reps: z.number().optional(),
  loadKg: z.number().optional(),
  distanceM: z.number().optional(),
  timeS: z.number().optional(),
  restS: z.number().optional(),
  targetPace: z.string().optional(),
  notes: z.string().optional(),
});

export const programSessionSchema = z.object({
  day: z.number(),
  kind: z.enum(['training', 'rest', 'race']),
  title: z.string(),
  details: z.string(),
  workoutId: z.number().nullable(),
  minutes: z.number(),
  rpe: z.number(),
  exercises: z.array(programExerciseSchema),
});

export const programSchema = z.object({
  name: z.string(),
  description: z.string(),
  weeks: z.array(z.object({ focus: z.string(), sessions: z.array(programSessionSchema) })),
});

export type ProgramValues = z.infer<typeof programSchema>;
export type ProgramSessionValues = z.infer<typeof programSessionSchema>;

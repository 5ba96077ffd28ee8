import { useEffect, useId, useMemo, useRef } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Plus, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormError, FormField, InputField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { TimeInput } from '@/components/ui/time-input';
import { formatTimeEntry, parseTimeEntry, spokenTimeEntry, timeEntrySeconds } from '@/lib/time-entry';
import { ApiError, errorMessage } from '@/lib/api-client';
import { loadFromKg, loadToKg, loadUnit, useUnits, type Units } from '@/lib/units';
import { useWorkouts } from '../api/get-workouts';
import { useExercises } from '../api/programs';
import type { SessionExercise, WorkoutLog, WorkoutLogInput } from '../api/types';
import { FELT_LABEL, RATING_LABELS, toDateTimeLocal } from '../lib/format';
import { prescribedExercises } from '../lib/prescribed';

// The detailed log form (docs/training-logs.md): a library or
// custom workout, date and time in the past year, duration, RPE 1-10 for the
// training load, 'how it felt' 1-5 (a required choice, no default) and the
// per-exercise actuals. The messages are the server's.

const count = (msg: string) => z.string().refine((v) => v.trim() === '' || (Number.isInteger(Number(v)) && Number(v) >= 0), msg);
const amount = (msg: string) => z.string().refine((v) => v.trim() === '' || (Number.isFinite(Number(v)) && Number(v) >= 0), msg);

const exerciseSchema = z.object({
  exercise: z.string().trim().min(1, 'Exercise name is required').max(100, 'Exercise name must be at most 100 characters'),
  sets: count('Sets must be a whole number of 0 or more'),
  reps: count('Reps must be a whole number of 0 or more'),
  load: amount('Load cannot be negative'),
  distanceM: count('Distance cannot be negative'),
  time: z.string().superRefine(refuseBadTime),
});

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

const YEAR_MS = 365 * 24 * 3600 * 1000;

export const logFormSchema = z.object({
  workoutId: z.string(),
  workoutName: z.string().trim().min(1, 'Workout name is required').max(100, 'Workout name must be at most 100 characters'),
  completedAt: z
    .string()
    .min(1, 'Please enter the date and time')
    .refine((v) => !Number.isNaN(new Date(v).getTime()), 'Please enter the date and time')
    .refine((v) => new Date(v).getTime() <= Date.now() + 5 * 60 * 1000, 'A workout cannot be completed in the future')
    .refine((v) => new Date(v).getTime() >= Date.now() - YEAR_MS, 'A workout must be from the past year'),
  duration: durationSchema,
  rpe: z.string(),
  rating: z.string().min(1, 'Please choose how it felt'),
  notes: z.string().max(2000, 'Notes must be at most 2000 characters'),
  exercises: z.array(exerciseSchema).max(50, 'A log can hold at most 50 exercises'),
});

export type LogFormValues = z.infer<typeof logFormSchema>;
type ExerciseRow = LogFormValues['exercises'][number];

const num = (v: number | undefined) => (v ? String(v) : '');

/** An exercise as form values; the load in the athlete's units (docs/product.md#units). */
export function exerciseRow(e: SessionExercise, units: Units = 'metric'): ExerciseRow {
  return {
    exercise: e.exercise,
    sets: num(e.sets),
    reps: num(e.reps),
    load: e.loadKg ? String(loadFromKg(e.loadKg, units)) : '',
    distanceM: num(e.distanceM),
    time: e.timeS ? formatTimeEntry(e.timeS) : '',
  };
}

const emptyRow: ExerciseRow = { exercise: '', sets: '', reps: '', load: '', distanceM: '', time: '' };

/** The form's values for a log, or a fresh one. */
export function logFormValues(log?: Partial<WorkoutLog> & { exercises?: unknown }, units: Units = 'metric'): LogFormValues {
  const actuals = Array.isArray(log?.exercises) ? (log.exercises as SessionExercise[]) : [];
  return {
    workoutId: log?.workoutId ? String(log.workoutId) : '',
    workoutName: log?.workoutName ?? '',
    completedAt: toDateTimeLocal(log?.completedAt ? new Date(log.completedAt) : new Date()),
    duration: durationText(log?.duration ?? 30),
    rpe: log?.rpe ? String(log.rpe) : '',
    rating: log?.rating ? String(log.rating) : '',
    notes: log?.notes ?? '',
    exercises: actuals.map((e) => exerciseRow(e, units)),
  };
}

/**
 * The time a log is sent with when the athlete left the date field as the form
 * opened it (the field only holds minutes): a new log gets the time of saving,
 * to the second, even when the minute turned while filling the form, so it sorts
 * after one logged a moment earlier; an edited log keeps its exact stored time.
 * A time the athlete chose is sent as chosen (undefined here).
 */
export function keptTime(values: LogFormValues, initial: LogFormValues, keepsTime: 'now' | string | undefined): Date | undefined {
  if (keepsTime === undefined || values.completedAt !== initial.completedAt) return undefined;
  return keepsTime === 'now' ? new Date() : new Date(keepsTime);
}

/** The API body for the form's values; `at` overrides the minute-precision date field. */
export function logInput(values: LogFormValues, units: Units = 'metric', at?: Date): WorkoutLogInput {
  const n = (v: string) => (v.trim() === '' ? undefined : Number(v));
  const completedAt = at ?? new Date(values.completedAt);
  return {
    workoutId: values.workoutId ? Number(values.workoutId) : null,
    workoutName: values.workoutName.trim(),
    completedAt: completedAt.toISOString(),
    duration: durationMinutes(values.duration) ?? 0,
    rpe: values.rpe ? Number(values.rpe) : undefined,
    rating: Number(values.rating),
    notes: values.notes.trim(),
    exercises: values.exercises.map((e) => ({
      exercise: e.exercise.trim(),
      sets: n(e.sets),
      reps: n(e.reps),
      loadKg: e.load.trim() === '' ? undefined : loadToKg(Number(e.load), units),
      distanceM: n(e.distanceM),
      timeS: timeEntrySeconds(e.time) || undefined,
    })),
  };
}

const SERVER_FIELDS: Record<string, Path<LogFormValues>> = {
  workoutId: 'workoutId',
  workoutName: 'workoutName',
  completedAt: 'completedAt',
  duration: 'duration',
  rpe: 'rpe',
  rating: 'rating',
  notes: 'notes',
};

/** The form's names of the API's exercise fields where they differ. */
const FORM_EXERCISE_FIELD: Record<string, string> = { timeS: 'time', loadKg: 'load' };

/** Maps a server field ("exercises.0.timeS") to the form's path. */
function formPath(field: string): Path<LogFormValues> | null {
  if (SERVER_FIELDS[field]) return SERVER_FIELDS[field];
  const m = /^exercises\.(\d+)\.(exercise|sets|reps|loadKg|distanceM|timeS)$/.exec(field);
  if (m) return `exercises.${Number(m[1])}.${FORM_EXERCISE_FIELD[m[2]] ?? m[2]}` as Path<LogFormValues>;
  return null;
}

/** The rows' times added up, or null when no row has one: the duration follows it. */
export function rowsSeconds(rows: Pick<ExerciseRow, 'time'>[]): number | null {
  const times = rows.map((r) => timeEntrySeconds(r.time)).filter((s): s is number => s != null);
  return times.length ? times.reduce((a, b) => a + b, 0) : null;
}

type Props = {
  initial: LogFormValues;
  /** A new log: picking a library workout (or starting from one) with no rows fills in its prescribed rows. */
  fillFromWorkout?: boolean;
  /** Left unchanged, the date field stands for 'now' (a new log) or this stored time (an edit): see keptTime. */
  keepsTime?: 'now' | string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (input: WorkoutLogInput) => Promise<void>;
  onCancel?: () => void;
};

export function LogForm({ initial, fillFromWorkout, keepsTime, submitLabel, pending, onSubmit, onCancel }: Props) {
  const workouts = useWorkouts();
  const library = useExercises();
  const units = useUnits();
  const namesId = useId();
  const form = useForm<LogFormValues>({ resolver: zodResolver(logFormSchema), defaultValues: initial });
  const { register, handleSubmit, reset, setError, setValue, getValues, control, formState } = form;
  const errors = formState.errors;
  const rows = useFieldArray({ control, name: 'exercises' });

  // The duration follows the rows' times until the athlete types one.
  const durationTyped = useRef(false);
  const filledFrom = useRef<string | null>(null);
  useEffect(() => {
    durationTyped.current = false;
    filledFrom.current = null;
    reset(initial);
  }, [initial, reset]);

  const libraryNames = useMemo(() => new Map((library.data ?? []).map((x) => [x.slug, x.name])), [library.data]);

  /** Fills the workout's prescribed rows and time when the rows are empty or still another workout's untouched ones. */
  const fillRows = (id: string) => {
    const w = workouts.data?.find((x) => String(x.id) === id);
    if (!fillFromWorkout || !w) return;
    const current = getValues('exercises');
    const untouched = filledFrom.current != null && JSON.stringify(current) === filledFrom.current;
    if (current.length > 0 && !untouched) return;
    const rows = prescribedExercises(w, libraryNames).map((e) => exerciseRow(e, units));
    setValue('exercises', rows);
    filledFrom.current = JSON.stringify(rows);
    if (!durationTyped.current && w.targetTime) setValue('duration', durationText(w.targetTime));
  };

  // Starting from a workout (?workout=, or a planned session without rows): its rows once the workouts load.
  const startId = initial.workoutId;
  const startEmpty = initial.exercises.length === 0;
  const workoutsLoaded = workouts.data != null && (library.data != null || library.isError);
  useEffect(() => {
    if (startId && startEmpty && workoutsLoaded) fillRows(startId);
    // fillRows reads the latest form state; this runs once per start.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [startId, startEmpty, workoutsLoaded]);

  const rowTimes = useWatch({ control, name: 'exercises' });
  const total = rowsSeconds(rowTimes ?? []);
  useEffect(() => {
    if (total != null && !durationTyped.current) setValue('duration', formatTimeEntry(total));
  }, [total, setValue]);

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(logInput(values, units, keptTime(values, initial, keepsTime)));
    } catch (err) {
      let unmapped = false;
      if (err instanceof ApiError) {
        for (const [field, msg] of Object.entries(err.errors)) {
          const path = formPath(field);
          if (path) setError(path, { message: msg });
          else unmapped = true;
        }
      }
      if (!(err instanceof ApiError) || unmapped || Object.keys(err.errors).length === 0) {
        setError('root', { message: errorMessage(err, 'Failed to save workout') });
      }
    }
  });

  const onWorkout = (id: string) => {
    const w = workouts.data?.find((x) => String(x.id) === id);
    if (w) {
      const name = getValues('workoutName');
      const wasLibraryName = workouts.data?.some((x) => x.name === name);
      if (!name || wasLibraryName) setValue('workoutName', w.name);
    }
    fillRows(id);
  };

  const workoutField = register('workoutId');
  return (
    <form onSubmit={submit} noValidate className="grid gap-5" aria-label="Workout log">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Workout" hint="A library workout, or Custom to name your own." error={errors.workoutId?.message}>
          {(c) => (
            <Select
              {...c}
              {...workoutField}
              onChange={(e) => {
                void workoutField.onChange(e);
                onWorkout(e.target.value);
              }}
            >
              <option value="">Custom workout</option>
              {workouts.data?.map((w) => (
                <option key={w.id} value={String(w.id)}>
                  {w.name}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <InputField label="Workout name" autoComplete="off" error={errors.workoutName?.message} {...register('workoutName')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField label="Date and time" type="datetime-local" error={errors.completedAt?.message} {...register('completedAt')} />
        <Controller
          control={control}
          name="duration"
          render={({ field }) => (
            <TimeInput
              label="Duration"
              {...field}
              onChange={(text) => {
                durationTyped.current = true;
                field.onChange(text);
              }}
              error={errors.duration?.message}
              readBack={durationReadBack}
            />
          )}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Effort (RPE 1-10)" hint="Session RPE x minutes is your training load." error={errors.rpe?.message}>
          {(c) => (
            <Select {...c} {...register('rpe')}>
              <option value="">Not rated (no load)</option>
              {Array.from({ length: 10 }, (_, i) => (
                <option key={i + 1} value={String(i + 1)}>
                  {i + 1}
                  {i + 1 === 1 ? ' - very light' : i + 1 === 5 ? ' - hard' : i + 1 === 10 ? ' - max' : ''}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label={FELT_LABEL} error={errors.rating?.message}>
          {(c) => (
            <Select {...c} {...register('rating')}>
              <option value="">Choose how it felt</option>
              {RATING_LABELS.map((label, i) => (
                <option key={label} value={String(i + 1)}>
                  {i + 1} - {label}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>

      <fieldset className="grid gap-3">
        <legend className="mb-1 text-base font-bold">What you did</legend>
        <p className="text-sm text-muted-foreground">
          Per exercise: leave a box empty when it does not apply. Exercise names suggest the exercise library; any name will do. Times as
          25:30, 25.30 or 2530; the duration adds them up until you type one.
        </p>
        <datalist id={namesId}>
          {library.data?.map((x) => <option key={x.slug} value={x.name} />)}
        </datalist>
        {rows.fields.map((row, i) => {
          const e = errors.exercises?.[i];
          return (
            <fieldset key={row.id} className="grid gap-3 rounded-lg border border-border p-3" data-testid="exercise-row">
              <legend className="px-1 text-sm font-semibold">Exercise {i + 1}</legend>
              <div className="grid grid-cols-2 items-start gap-3 sm:grid-cols-6">
                <InputField
                  className="col-span-2"
                  label="Exercise"
                  list={namesId}
                  autoComplete="off"
                  error={e?.exercise?.message}
                  {...register(`exercises.${i}.exercise`)}
                />
                <InputField label="Sets" inputMode="numeric" error={e?.sets?.message} {...register(`exercises.${i}.sets`)} />
                <InputField label="Reps" inputMode="numeric" error={e?.reps?.message} {...register(`exercises.${i}.reps`)} />
                <InputField label={`Load (${loadUnit(units)})`} inputMode="decimal" error={e?.load?.message} {...register(`exercises.${i}.load`)} />
                <InputField label="Distance (m)" inputMode="numeric" error={e?.distanceM?.message} {...register(`exercises.${i}.distanceM`)} />
                <Controller
                  control={control}
                  name={`exercises.${i}.time`}
                  render={({ field }) => <TimeInput label="Time" {...field} error={e?.time?.message} />}
                />
                <div className="flex items-end self-stretch pb-6">
                  <Button type="button" variant="outline" size="sm" onClick={() => rows.remove(i)} aria-label={`Remove exercise ${i + 1}`}>
                    <Trash2 className="h-4 w-4" aria-hidden="true" /> Remove
                  </Button>
                </div>
              </div>
            </fieldset>
          );
        })}
        {errors.exercises?.message && <p className="text-sm font-medium text-destructive dark:text-red-400">{errors.exercises.message}</p>}
        <div>
          <Button type="button" variant="outline" onClick={() => rows.append({ ...emptyRow })}>
            <Plus className="h-4 w-4" aria-hidden="true" /> Add exercise
          </Button>
        </div>
      </fieldset>

      <FormField label="Notes (optional)" error={errors.notes?.message}>
        {(c) => <Textarea {...c} rows={3} placeholder="Splits, transitions, anything to remember." {...register('notes')} />}
      </FormField>
      <FormError message={errors.root?.message} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" size="lg" disabled={pending}>
          {pending ? 'Saving...' : submitLabel}
        </Button>
        {onCancel && (
          <Button type="button" variant="outline" size="lg" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

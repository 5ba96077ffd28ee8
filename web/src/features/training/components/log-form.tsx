import { useEffect } from 'react';
import { useFieldArray, useForm, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Plus, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormError, FormField, InputField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { ApiError, errorMessage } from '@/lib/api-client';
import { loadFromKg, loadToKg, loadUnit, useUnits, type Units } from '@/lib/units';
import { useWorkouts } from '../api/get-workouts';
import type { SessionExercise, WorkoutLog, WorkoutLogInput } from '../api/types';
import { FELT_LABEL, formatClock, parseClock, RATING_LABELS, toDateTimeLocal } from '../lib/format';

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
  time: z.string().refine((v) => parseClock(v) != null, 'Time must be m:ss'),
});

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
  duration: z
    .number({ error: 'Duration must be at least 1 minute' })
    .int('Duration must be whole minutes')
    .min(1, 'Duration must be at least 1 minute')
    .max(300, 'Duration cannot exceed 5 hours'),
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
    time: e.timeS ? formatClock(e.timeS) : '',
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
    duration: log?.duration ?? 30,
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
    duration: values.duration,
    rpe: values.rpe ? Number(values.rpe) : undefined,
    rating: Number(values.rating),
    notes: values.notes.trim(),
    exercises: values.exercises.map((e) => ({
      exercise: e.exercise.trim(),
      sets: n(e.sets),
      reps: n(e.reps),
      loadKg: e.load.trim() === '' ? undefined : loadToKg(Number(e.load), units),
      distanceM: n(e.distanceM),
      timeS: parseClock(e.time) || undefined,
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

type Props = {
  initial: LogFormValues;
  /** Left unchanged, the date field stands for 'now' (a new log) or this stored time (an edit): see keptTime. */
  keepsTime?: 'now' | string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (input: WorkoutLogInput) => Promise<void>;
  onCancel?: () => void;
};

export function LogForm({ initial, keepsTime, submitLabel, pending, onSubmit, onCancel }: Props) {
  const workouts = useWorkouts();
  const units = useUnits();
  const form = useForm<LogFormValues>({ resolver: zodResolver(logFormSchema), defaultValues: initial });
  const { register, handleSubmit, reset, setError, setValue, getValues, control, formState } = form;
  const errors = formState.errors;
  const rows = useFieldArray({ control, name: 'exercises' });

  useEffect(() => reset(initial), [initial, reset]);

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
        <InputField
          label="Duration (minutes)"
          type="number"
          inputMode="numeric"
          min={1}
          max={300}
          error={errors.duration?.message}
          {...register('duration', { valueAsNumber: true })}
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
        <p className="text-sm text-muted-foreground">Per exercise: leave a box empty when it does not apply. Times as m:ss.</p>
        {rows.fields.map((row, i) => {
          const e = errors.exercises?.[i];
          return (
            <fieldset key={row.id} className="grid gap-3 rounded-lg border border-border p-3" data-testid="exercise-row">
              <legend className="px-1 text-sm font-semibold">Exercise {i + 1}</legend>
              <div className="grid grid-cols-2 gap-3 sm:grid-cols-6">
                <InputField className="col-span-2" label="Exercise" error={e?.exercise?.message} {...register(`exercises.${i}.exercise`)} />
                <InputField label="Sets" inputMode="numeric" error={e?.sets?.message} {...register(`exercises.${i}.sets`)} />
                <InputField label="Reps" inputMode="numeric" error={e?.reps?.message} {...register(`exercises.${i}.reps`)} />
                <InputField label={`Load (${loadUnit(units)})`} inputMode="decimal" error={e?.load?.message} {...register(`exercises.${i}.load`)} />
                <InputField label="Distance (m)" inputMode="numeric" error={e?.distanceM?.message} {...register(`exercises.${i}.distanceM`)} />
                <InputField label="Time (m:ss)" inputMode="numeric" error={e?.time?.message} {...register(`exercises.${i}.time`)} />
                <div className="flex items-end">
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

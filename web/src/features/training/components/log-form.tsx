import { useEffect, useId, useMemo, useRef } from 'react';
import { Controller, useFieldArray, useWatch, type Path } from 'react-hook-form';
import { Plus, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormError, FormField, InputField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { TimeInput } from '@/components/ui/time-input';
import { useApiForm } from '@/components/ui/use-api-form';
import { formatTimeEntry, timeEntrySeconds } from '@/lib/time-entry';
import { ApiError } from '@/lib/api-client';
import { loadFromKg, loadToKg, loadUnit, useUnits, type Units } from '@/lib/units';
import { useWorkouts } from '../api/get-workouts';
import { useExercises } from '../api/programs';
import type { SessionExercise, WorkoutLog, WorkoutLogInput } from '../api/types';
import { FELT_LABEL, RATING_LABELS, toDateTimeLocal } from '../lib/format';
import { prescribedExercises } from '../lib/prescribed';
import { durationMinutes, durationReadBack, durationText, workoutLogSchema, type ExerciseActualsValues, type WorkoutLogValues } from '../schemas';

// The detailed log form (docs/training-logs.md) on the workout log's shared
// schema (../schemas): a library or custom workout, date and time, duration,
// RPE, 'how it felt' and the per-exercise actuals.

export type LogFormValues = WorkoutLogValues;
type ExerciseRow = ExerciseActualsValues;

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

const EXERCISE_FIELDS = ['exercise', 'sets', 'reps', 'load', 'distanceM', 'time'] as const;

/** The fields a server error may land on: the log's, and those of every row a log can hold (50). */
const LOG_FIELDS = [
  'workoutId',
  'workoutName',
  'completedAt',
  'duration',
  'rpe',
  'rating',
  'notes',
  ...Array.from({ length: 50 }, (_, i) => EXERCISE_FIELDS.map((f) => `exercises.${i}.${f}`)).flat(),
] as Path<LogFormValues>[];

/** The form's names of the API's exercise fields where they differ. */
const FORM_EXERCISE_FIELD: Record<string, string> = { timeS: 'time', loadKg: 'load' };

/** The server's error with its exercise fields under the form's names: "exercises.0.timeS" is the first row's time. */
export function withFormFields(err: unknown): unknown {
  if (!(err instanceof ApiError)) return err;
  const errors = Object.fromEntries(
    Object.entries(err.errors).map(([field, msg]) => [
      field.replace(/^(exercises\.\d+\.)(timeS|loadKg)$/, (_, row: string, f: string) => row + FORM_EXERCISE_FIELD[f]),
      msg,
    ]),
  );
  return new ApiError(err.status, err.message, errors, err.body);
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
  const { form, formError, submit } = useApiForm<LogFormValues>({
    schema: workoutLogSchema,
    defaultValues: initial,
    fields: LOG_FIELDS,
    fallback: 'Failed to save workout',
  });
  const { register, reset, setValue, getValues, control, formState } = form;
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

  const save = submit(async (values) => {
    try {
      await onSubmit(logInput(values, units, keptTime(values, initial, keepsTime)));
    } catch (err) {
      throw withFormFields(err);
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
    <form onSubmit={save} noValidate className="grid gap-5" aria-label="Workout log">
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
      <FormError message={formError} />
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

import { useEffect, useRef } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormError, FormField } from '@/components/ui/form-field';
import { TimeInput } from '@/components/ui/time-input';
import { paths } from '@/app/paths';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useApiForm } from '@/components/ui/use-api-form';
import { useWorkouts } from '../api/get-workouts';
import { useCreateWorkoutLog, useUpdateWorkoutLog } from '../api/workout-log-mutations';
import type { WorkoutLog } from '../api/types';
import { RATING_LABELS } from '../lib/format';
import { durationMinutes, durationReadBack, durationText, quickLogSchema, type QuickLogValues } from '../schemas';
import { isQueued, QUEUED_TEXT } from '@/lib/offline/send';

// The quick log (docs/training-logs.md) on the workout log's shared schema
// (../schemas); the duration is typed as a time (docs/time-entry.md) and
// starts at the workout's target time (30:00 without one); 'how it felt' (the
// 1-5 rating) has no default: the athlete chooses it.

export const LOG_DEFAULTS = { duration: 30 } as const;

type Props = {
  userId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this log instead of creating one. */
  log?: WorkoutLog | null;
  /** Preselect a workout when creating (from a plan's session). */
  defaultWorkoutId?: number;
};

export function LogWorkoutDialog({ userId, open, onOpenChange, log, defaultWorkoutId }: Props) {
  const workouts = useWorkouts();
  const create = useCreateWorkoutLog(userId);
  const update = useUpdateWorkoutLog(userId);
  const editing = !!log;
  const pending = create.isPending || update.isPending;

  const { form, formError, setFormError, submit } = useApiForm<QuickLogValues>({
    schema: quickLogSchema,
    defaultValues: { workoutId: '', duration: durationText(LOG_DEFAULTS.duration), rating: '', notes: '' },
    fallback: 'Failed to save workout',
  });
  const { register, reset, setValue, getValues, control, formState } = form;
  const chosenId = useWatch({ control, name: 'workoutId' });
  const errors = formState.errors;
  // Mutation resets are stable functions: listing them keeps the effect to open/log changes.
  const { reset: resetCreate } = create;
  const { reset: resetUpdate } = update;

  // Each opening starts clean: no leftover error, the log's values or the defaults.
  useEffect(() => {
    if (!open) return;
    resetCreate();
    resetUpdate();
    setFormError(undefined);
    reset(
      log
        ? { workoutId: String(log.workoutId), duration: durationText(log.duration), rating: String(log.rating), notes: log.notes }
        : {
            workoutId: defaultWorkoutId ? String(defaultWorkoutId) : '',
            duration: durationText(workouts.data?.find((w) => w.id === defaultWorkoutId)?.targetTime || LOG_DEFAULTS.duration),
            rating: '',
            notes: '',
          },
    );
    // The workouts list only sets the first duration: a later refetch must not reset a dialog being filled.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, log, defaultWorkoutId, reset, resetCreate, resetUpdate, setFormError]);

  // A new log's duration follows the chosen workout's target time until the athlete types one.
  const durationTyped = useRef(false);
  useEffect(() => {
    if (open) durationTyped.current = false;
  }, [open]);
  const onWorkoutChosen = (id: string) => {
    const w = workouts.data?.find((x) => String(x.id) === id);
    if (!log && w?.targetTime && !durationTyped.current && getValues('duration') !== durationText(w.targetTime)) {
      setValue('duration', durationText(w.targetTime));
    }
  };

  const onSubmit = submit(async (values) => {
    const workout = workouts.data?.find((w) => String(w.id) === values.workoutId);
    const input = {
      userId,
      workoutId: Number(values.workoutId),
      workoutName: workout?.name ?? log?.workoutName ?? '',
      duration: durationMinutes(values.duration) ?? 0,
      rating: Number(values.rating),
      notes: values.notes.trim(),
    };
    if (log) {
      const res = await update.mutateAsync({ id: log.id, input });
      if (isQueued(res)) toast({ title: 'Edit kept on this device', description: QUEUED_TEXT });
      else toast({ title: 'Workout updated', description: input.workoutName });
    } else {
      const res = await create.mutateAsync({ ...input, exercises: {} });
      if (isQueued(res)) toast({ title: 'Workout kept on this device', description: `${res.label}. ${QUEUED_TEXT}` });
      else toast({ title: 'Workout logged', description: `${input.workoutName}, ${input.duration} min` });
    }
    onOpenChange(false);
  });

  const workoutField = register('workoutId');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit Workout' : 'Log Workout'}</DialogTitle>
          <DialogDescription>
            {editing ? 'Change the details of this workout.' : 'Record a completed workout to track your progress.'}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField label="Workout" error={errors.workoutId?.message}>
            {(fieldControl) => (
              <Select
                {...fieldControl}
                {...workoutField}
                onChange={(e) => {
                  void workoutField.onChange(e);
                  onWorkoutChosen(e.target.value);
                }}
              >
                <option value="">Select a workout</option>
                {workouts.data?.map((w) => (
                  <option key={w.id} value={String(w.id)}>
                    {w.name} ({w.targetTime} min)
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
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
            <FormField label="How it felt" error={errors.rating?.message}>
              {(fieldControl) => (
                <Select {...fieldControl} {...register('rating')}>
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
          <FormField label="Notes (optional)" error={errors.notes?.message}>
            {(control) => (
              <Textarea
                {...control}
                rows={3}
                placeholder="How did it feel? Splits, loads, anything to remember."
                {...register('notes')}
              />
            )}
          </FormField>
          {!editing && chosenId && (
            <p className="text-sm text-muted-foreground">
              Logging each exercise?{' '}
              <Link href={`${paths.workoutLogNew}?workout=${chosenId}`} className="font-semibold text-foreground underline underline-offset-2">
                Open the full log form
              </Link>{' '}
              with this workout&apos;s rows filled in.
            </p>
          )}
          <FormError message={formError} />
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? 'Saving...' : editing ? 'Save Changes' : 'Log Workout'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

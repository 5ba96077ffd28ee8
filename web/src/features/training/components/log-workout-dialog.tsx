import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormError, FormField, InputField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useWorkouts } from '../api/get-workouts';
import { useCreateWorkoutLog, useUpdateWorkoutLog } from '../api/workout-log-mutations';
import type { WorkoutLog } from '../api/types';
import { RATING_LABELS } from '../lib/format';

// The workout-log rules with their messages (docs/training-logs.md); duration defaults to 30;
// 'how it felt' (the 1-5 rating) has no default: the athlete chooses it.
export const logWorkoutSchema = z.object({
  workoutId: z.string().min(1, 'Please select a workout'),
  duration: z
    .number({ error: 'Duration must be at least 1 minute' })
    .int('Duration must be whole minutes')
    .min(1, 'Duration must be at least 1 minute')
    .max(300, 'Duration cannot exceed 5 hours'),
  rating: z.number({ error: 'Please choose how it felt' }).int().min(1, 'Please choose how it felt').max(5, 'Rating cannot exceed 5'),
  notes: z.string().max(2000, 'Notes must be at most 2000 characters'),
});

export type LogWorkoutValues = z.infer<typeof logWorkoutSchema>;

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

  const form = useForm<LogWorkoutValues>({
    resolver: zodResolver(logWorkoutSchema),
    defaultValues: { workoutId: '', duration: LOG_DEFAULTS.duration, rating: Number.NaN, notes: '' },
  });
  const { register, handleSubmit, reset, setError, formState } = form;
  const errors = formState.errors;
  // Mutation resets are stable functions: listing them keeps the effect to open/log changes.
  const { reset: resetCreate } = create;
  const { reset: resetUpdate } = update;

  // Each opening starts clean: no leftover error, the log's values or the defaults.
  useEffect(() => {
    if (!open) return;
    resetCreate();
    resetUpdate();
    reset(
      log
        ? { workoutId: String(log.workoutId), duration: log.duration, rating: log.rating, notes: log.notes }
        : {
            workoutId: defaultWorkoutId ? String(defaultWorkoutId) : '',
            duration: LOG_DEFAULTS.duration,
            rating: Number.NaN,
            notes: '',
          },
    );
  }, [open, log, defaultWorkoutId, reset, resetCreate, resetUpdate]);

  const onSubmit = handleSubmit(async (values) => {
    const workout = workouts.data?.find((w) => String(w.id) === values.workoutId);
    const input = {
      userId,
      workoutId: Number(values.workoutId),
      workoutName: workout?.name ?? log?.workoutName ?? '',
      duration: values.duration,
      rating: values.rating,
      notes: values.notes.trim(),
    };
    try {
      if (log) {
        await update.mutateAsync({ id: log.id, input });
        toast({ title: 'Workout updated', description: input.workoutName });
      } else {
        await create.mutateAsync({ ...input, exercises: {} });
        toast({ title: 'Workout logged', description: `${input.workoutName}, ${input.duration} min` });
      }
      onOpenChange(false);
    } catch (err) {
      if (err instanceof ApiError) {
        for (const [field, msg] of Object.entries(err.errors)) {
          if (field === 'workoutId' || field === 'duration' || field === 'rating' || field === 'notes') {
            setError(field, { message: msg });
          }
        }
      }
      setError('root', { message: errorMessage(err, 'Failed to save workout') });
    }
  });

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
            {(control) => (
              <Select {...control} {...register('workoutId')}>
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
            <InputField
              label="Duration (minutes)"
              type="number"
              inputMode="numeric"
              min={1}
              max={300}
              error={errors.duration?.message}
              {...register('duration', { valueAsNumber: true })}
            />
            <FormField label="How it felt" error={errors.rating?.message}>
              {(control) => (
                <Select {...control} {...register('rating', { valueAsNumber: true })}>
                  <option value="">Choose how it felt</option>
                  {RATING_LABELS.map((label, i) => (
                    <option key={label} value={i + 1}>
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
          <FormError message={errors.root?.message} />
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

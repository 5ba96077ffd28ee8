import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useWorkouts } from '../api/get-workouts';
import { useCreateWorkoutLog, useUpdateWorkoutLog } from '../api/workout-log-mutations';
import type { WorkoutLog } from '../api/types';
import { RATING_LABELS } from '../lib/format';

// The workout-log rules with their messages (docs/product.md#training); defaults duration 30, rating 5.
export const logWorkoutSchema = z.object({
  workoutId: z.string().min(1, 'Please select a workout'),
  duration: z
    .number({ error: 'Duration must be at least 1 minute' })
    .int('Duration must be whole minutes')
    .min(1, 'Duration must be at least 1 minute')
    .max(300, 'Duration cannot exceed 5 hours'),
  rating: z.number({ error: 'Rating must be at least 1' }).int().min(1, 'Rating must be at least 1').max(5, 'Rating cannot exceed 5'),
  notes: z.string().max(2000, 'Notes must be at most 2000 characters'),
});

export type LogWorkoutValues = z.infer<typeof logWorkoutSchema>;

export const LOG_DEFAULTS = { duration: 30, rating: 5 } as const;

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
    defaultValues: { workoutId: '', duration: LOG_DEFAULTS.duration, rating: LOG_DEFAULTS.rating, notes: '' },
  });
  const { register, handleSubmit, reset, setError, formState } = form;
  const errors = formState.errors;

  useEffect(() => {
    if (!open) return;
    create.reset();
    update.reset();
    reset(
      log
        ? { workoutId: String(log.workoutId), duration: log.duration, rating: log.rating, notes: log.notes }
        : {
            workoutId: defaultWorkoutId ? String(defaultWorkoutId) : '',
            duration: LOG_DEFAULTS.duration,
            rating: LOG_DEFAULTS.rating,
            notes: '',
          },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, log, defaultWorkoutId, reset]);

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

  const fieldError = (name: keyof LogWorkoutValues, id: string) =>
    errors[name]?.message ? (
      <p id={id} className="text-sm font-medium text-destructive dark:text-red-400" role="alert">
        {errors[name]?.message}
      </p>
    ) : null;

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
          <div className="grid gap-2">
            <Label htmlFor="log-workout">Workout</Label>
            <select
              id="log-workout"
              className="h-10 w-full rounded-md border border-input bg-background px-3 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              aria-invalid={!!errors.workoutId}
              aria-describedby={errors.workoutId ? 'log-workout-error' : undefined}
              {...register('workoutId')}
            >
              <option value="">Select a workout</option>
              {workouts.data?.map((w) => (
                <option key={w.id} value={String(w.id)}>
                  {w.name} ({w.targetTime} min)
                </option>
              ))}
            </select>
            {fieldError('workoutId', 'log-workout-error')}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor="log-duration">Duration (minutes)</Label>
              <Input
                id="log-duration"
                type="number"
                inputMode="numeric"
                min={1}
                max={300}
                aria-invalid={!!errors.duration}
                aria-describedby={errors.duration ? 'log-duration-error' : undefined}
                {...register('duration', { valueAsNumber: true })}
              />
              {fieldError('duration', 'log-duration-error')}
            </div>
            <div className="grid gap-2">
              <Label htmlFor="log-rating">Rating</Label>
              <select
                id="log-rating"
                className="h-10 w-full rounded-md border border-input bg-background px-3 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                aria-invalid={!!errors.rating}
                aria-describedby={errors.rating ? 'log-rating-error' : undefined}
                {...register('rating', { valueAsNumber: true })}
              >
                {RATING_LABELS.map((label, i) => (
                  <option key={label} value={i + 1}>
                    {i + 1} - {label}
                  </option>
                ))}
              </select>
              {fieldError('rating', 'log-rating-error')}
            </div>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="log-notes">Notes (optional)</Label>
            <textarea
              id="log-notes"
              rows={3}
              className="w-full rounded-md border border-input bg-background px-3 py-2 text-sm text-foreground placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              placeholder="How did it feel? Splits, loads, anything to remember."
              aria-invalid={!!errors.notes}
              aria-describedby={errors.notes ? 'log-notes-error' : undefined}
              {...register('notes')}
            />
            {fieldError('notes', 'log-notes-error')}
          </div>
          {errors.root?.message && (
            <p role="alert" className="rounded-md bg-red-100 p-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-200">
              {errors.root.message}
            </p>
          )}
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

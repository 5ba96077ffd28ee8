import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { sendOrQueue, type Queued } from '@/lib/offline/send';
import { trainingHomeKey } from './get-home';
import { personalRecordsKey } from './get-personal-records';
import { trainingLoadKey } from './get-training-load';
import { workoutLogsKey } from './get-workout-logs';
import { workoutStatsKey } from './get-workout-stats';
import type { WorkoutLog, WorkoutLogInput } from './types';

/** What a kept log is called in the outbox. */
function logLabel(input: WorkoutLogInput, what: string) {
  return `${what}: ${input.workoutName || 'Workout'}${input.duration ? `, ${input.duration} min` : ''}`;
}

/**
 * POST /api/workout-logs; without a connection the log waits on the device
 * (docs/offline.md#the-outbox) with the time it was made.
 */
export function createWorkoutLog(userId: number, input: WorkoutLogInput): Promise<WorkoutLog | Queued> {
  const madeAt = new Date().toISOString();
  return sendOrQueue<WorkoutLog>({
    kind: 'workout-log',
    method: 'POST',
    path: '/api/workout-logs',
    body: input,
    userId,
    label: logLabel(input, 'Workout'),
    whenKept: () => ({ ...input, completedAt: input.completedAt ?? madeAt }),
  });
}

export function updateWorkoutLog(userId: number, id: number, input: WorkoutLogInput): Promise<WorkoutLog | Queued> {
  return sendOrQueue<WorkoutLog>({
    kind: 'workout-log',
    method: 'PATCH',
    path: `/api/workout-logs/${id}`,
    body: input,
    userId,
    label: logLabel(input, 'Edit'),
  });
}

export function deleteWorkoutLog(id: number): Promise<void> {
  return apiFetch<void>(`/api/workout-logs/${id}`, { method: 'DELETE' });
}

/** Refreshes every view of the logs after any change: list, detail, stats, records, load, home, calendar. */
function useRefresh(userId: number) {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: workoutLogsKey(userId) }),
      qc.invalidateQueries({ queryKey: ['/api/workout-logs', 'detail'] }),
      qc.invalidateQueries({ queryKey: workoutStatsKey(userId) }),
      qc.invalidateQueries({ queryKey: personalRecordsKey }),
      qc.invalidateQueries({ queryKey: trainingLoadKey }),
      qc.invalidateQueries({ queryKey: trainingHomeKey }),
      qc.invalidateQueries({ queryKey: ['/api/calendar'] }),
      qc.invalidateQueries({ queryKey: ['/api/calendar/sessions'] }),
    ]);
}

export function useCreateWorkoutLog(userId: number) {
  const refresh = useRefresh(userId);
  return useMutation({ mutationFn: (input: WorkoutLogInput) => createWorkoutLog(userId, input), onSuccess: refresh });
}

export function useUpdateWorkoutLog(userId: number) {
  const refresh = useRefresh(userId);
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: WorkoutLogInput }) => updateWorkoutLog(userId, id, input),
    onSuccess: refresh,
  });
}

export function useDeleteWorkoutLog(userId: number) {
  const refresh = useRefresh(userId);
  return useMutation({ mutationFn: deleteWorkoutLog, onSuccess: refresh });
}

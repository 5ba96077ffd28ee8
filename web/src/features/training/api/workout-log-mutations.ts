import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { trainingHomeKey } from './get-home';
import { personalRecordsKey } from './get-personal-records';
import { trainingLoadKey } from './get-training-load';
import { workoutLogsKey } from './get-workout-logs';
import { workoutStatsKey } from './get-workout-stats';
import type { WorkoutLog, WorkoutLogInput } from './types';

export function createWorkoutLog(input: WorkoutLogInput): Promise<WorkoutLog> {
  return apiFetch<WorkoutLog>('/api/workout-logs', { method: 'POST', body: input });
}

export function updateWorkoutLog(id: number, input: WorkoutLogInput): Promise<WorkoutLog> {
  return apiFetch<WorkoutLog>(`/api/workout-logs/${id}`, { method: 'PATCH', body: input });
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
  return useMutation({ mutationFn: createWorkoutLog, onSuccess: refresh });
}

export function useUpdateWorkoutLog(userId: number) {
  const refresh = useRefresh(userId);
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: WorkoutLogInput }) => updateWorkoutLog(id, input),
    onSuccess: refresh,
  });
}

export function useDeleteWorkoutLog(userId: number) {
  const refresh = useRefresh(userId);
  return useMutation({ mutationFn: deleteWorkoutLog, onSuccess: refresh });
}

import type { components } from '@/lib/api-types';

export type TrainingPlan = components['schemas']['TrainingPlan'];
export type TrainingPlanDetail = components['schemas']['TrainingPlanDetail'];
export type TrainingCategory = components['schemas']['TrainingCategory'];
export type Workout = components['schemas']['Workout'];
export type WorkoutLog = components['schemas']['WorkoutLog'];
export type WorkoutLogPage = components['schemas']['WorkoutLogPage'];
export type WorkoutLogInput = components['schemas']['WorkoutLogInput'];
export type WorkoutStats = components['schemas']['WorkoutStats'];
export type SessionExercise = components['schemas']['SessionExercise'];
export type WorkoutLogDetail = components['schemas']['WorkoutLogDetail'];
export type PersonalRecord = components['schemas']['PersonalRecord'];
export type TrainingLoad = components['schemas']['TrainingLoad'];
export type TrainingHome = components['schemas']['Home'];
export type HomeSession = components['schemas']['HomeSession'];

/** A log's exercises as actuals: a list, or [] for logs that hold the older object form. */
export function logActuals(log: Pick<WorkoutLog, 'exercises'>): SessionExercise[] {
  return Array.isArray(log.exercises) ? log.exercises : [];
}

import type { components } from '@/lib/api-types';

export type TrainingPlan = components['schemas']['TrainingPlan'];
export type TrainingPlanDetail = components['schemas']['TrainingPlanDetail'];
export type TrainingCategory = components['schemas']['TrainingCategory'];
export type Workout = components['schemas']['Workout'];
export type WorkoutLog = components['schemas']['WorkoutLog'];
export type WorkoutLogPage = components['schemas']['WorkoutLogPage'];
export type WorkoutLogInput = components['schemas']['WorkoutLogInput'];
export type WorkoutStats = components['schemas']['WorkoutStats'];

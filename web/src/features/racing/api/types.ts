import type { components } from '@/lib/api-types';

export type RaceResult = components['schemas']['RaceResult'];
export type RaceResultInput = components['schemas']['RaceResultInput'];
export type LeaderboardEntry = components['schemas']['LeaderboardEntry'];
export type Analytics = components['schemas']['Analytics'];
export type SplitStat = components['schemas']['SplitStat'];
export type RaceStrategy = components['schemas']['RaceStrategy'];
export type RoadPrediction = components['schemas']['RoadPrediction'];
export type RaceGoal = components['schemas']['RaceGoal'];

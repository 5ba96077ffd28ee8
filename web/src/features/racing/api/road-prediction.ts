import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { RoadPrediction } from './types';

export type RoadPredictionInput = { distanceKm: 5 | 10; seconds: number; division: string };

/** POST /api/analytics/road-prediction (pro): a finish from a road 5K or 10K. */
export function createRoadPrediction(input: RoadPredictionInput): Promise<RoadPrediction> {
  return apiFetch<RoadPrediction>('/api/analytics/road-prediction', { method: 'POST', body: input });
}

export function useRoadPrediction() {
  return useMutation({ mutationFn: createRoadPrediction });
}

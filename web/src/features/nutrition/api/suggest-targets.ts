import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { NutritionSuggestInput, NutritionSuggestion } from './types';

/** POST /api/nutrition/suggest: targets from weight, height, age, sex and activity. */
export function suggestTargets(input: NutritionSuggestInput): Promise<NutritionSuggestion> {
  return apiFetch<NutritionSuggestion>('/api/nutrition/suggest', { method: 'POST', body: input });
}

export function useSuggestTargets() {
  return useMutation({ mutationFn: suggestTargets });
}

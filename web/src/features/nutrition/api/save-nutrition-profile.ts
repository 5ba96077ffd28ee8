import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { timeZone } from '@/lib/time-zone';
import { HISTORY_KEY } from './get-history';
import { MICROS_KEY } from './micros';
import { NUTRITION_KEY } from './get-nutrition-profile';
import { PLAN_KEY } from './get-plan';
import type { NutritionProfile, NutritionProfileInput } from './types';

/** PUT /api/nutrition/{userId}: create or update the daily targets (and sex and birth year, which choose the reference intakes). */
export function saveNutritionProfile(userId: number, date: string, targets: NutritionProfileInput): Promise<NutritionProfile> {
  return apiFetch<NutritionProfile>(`${NUTRITION_KEY}/${userId}?date=${encodeURIComponent(date)}&tz=${encodeURIComponent(timeZone())}`, {
    method: 'PUT',
    body: targets,
  });
}

export function useSaveNutritionProfile(userId: number, date: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (targets: NutritionProfileInput) => saveNutritionProfile(userId, date, targets),
    onSuccess: async () => {
      // Every day's targets start from the profile's: the plan's and the history's change with it.
      await Promise.all([
        qc.invalidateQueries({ queryKey: [NUTRITION_KEY] }),
        qc.invalidateQueries({ queryKey: [PLAN_KEY] }),
        qc.invalidateQueries({ queryKey: [HISTORY_KEY] }),
        qc.invalidateQueries({ queryKey: [MICROS_KEY] }),
      ]);
    },
  });
}

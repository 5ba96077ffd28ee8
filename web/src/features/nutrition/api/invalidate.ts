import type { QueryClient } from '@tanstack/react-query';
import { FOOD_ENTRIES_KEY } from './get-food-entries';
import { HISTORY_KEY } from './get-history';
import { MICROS_KEY } from './micros';
import { NUTRITION_KEY } from './get-nutrition-profile';
import { MY_FOODS_KEY } from './my-foods';
import { FOODS_KEY } from './search-foods';

/** After any diary change: the day's sums and entries, its micronutrients, the history, my recent foods and the search's order. */
export function invalidateDiary(qc: QueryClient) {
  return Promise.all(
    [NUTRITION_KEY, FOOD_ENTRIES_KEY, MICROS_KEY, HISTORY_KEY, MY_FOODS_KEY, FOODS_KEY].map((key) => qc.invalidateQueries({ queryKey: [key] })),
  );
}

import type { Food } from '../api/types';

/** The value of "grams" in the portion select: the count is then a weight. */
export const GRAMS = '__grams';

/** A portion's weight: a measure's grams times count, or count grams. */
export function portionGrams(food: Food, measure: string, count: number): number {
  if (measure === GRAMS) return count;
  const m = food.measures.find((x) => x.label === measure);
  return m ? m.grams * count : 0;
}

/**
 * The macros of a portion as the server computes them (docs/nutrition-foods.md#portions):
 * per-100 g values times grams / 100, rounded to whole units. Shown before logging.
 */
export function portionMacros(food: Food, grams: number) {
  const of = (per100: number) => Math.round((per100 * grams) / 100);
  return { calories: of(food.kcal), protein: of(food.protein), carbs: of(food.carbs), fat: of(food.fat) };
}

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

/** The portion an entry was logged with, read back from its quantity ("1.5 cup (8 fl oz)", "150 g"). */
export function entryPortion(food: Food, quantity: string, grams: number | null | undefined): { measure: string; amount: string } {
  const g = /^([\d.]+) g$/.exec(quantity);
  if (g) return { measure: GRAMS, amount: g[1]! };
  const m = /^([\d.]+) (.+)$/.exec(quantity);
  if (m && food.measures.some((x) => x.label === m[2])) return { measure: m[2]!, amount: m[1]! };
  return { measure: GRAMS, amount: String(grams ?? 100) };
}

import type { Food } from '../api/types';

/** The value of "grams" in the portion select: the count is then a weight. */
export const GRAMS = '__grams';

/** The portion a new entry starts with: the food's natural unit x 1 (docs/nutrition-foods.md#portions), else 100 g. */
export function defaultPortion(food: Food): { measure: string; amount: string } {
  const label = food.defaultMeasure;
  if (label && food.measures.some((m) => m.label === label)) return { measure: label, amount: '1' };
  return { measure: GRAMS, amount: '100' };
}

/** Beyond one sitting (docs/nutrition-foods.md#portions): over 1,500 kcal or 1,000 g asks before saving. */
export const OUTSIZED_KCAL = 1500;
export const OUTSIZED_GRAMS = 1000;
export function isOutsizedPortion(grams: number, calories: number): boolean {
  return calories > OUTSIZED_KCAL || grams > OUTSIZED_GRAMS;
}

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

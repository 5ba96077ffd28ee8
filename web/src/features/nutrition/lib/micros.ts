// Micronutrients (docs/nutrition-foods.md#micronutrients): how the card words a total.

import { formatNumber } from '@/lib/format';

/** An amount in its unit: whole numbers from 10 up, one decimal below (2.4 µg of B12, 1,367 mg of potassium). */
export function formatAmount(value: number, unit: string): string {
  return `${formatNumber(value, Math.abs(value) >= 10 ? 0 : 1)} ${unit}`;
}

/** How many of the day's entries give none of the nutrients (typed in, a custom food): the least missing count. */
export function commonMissing(nutrients: { missing: number }[]): number {
  return nutrients.length ? Math.min(...nutrients.map((n) => n.missing)) : 0;
}

/** The card's note for entries that give no nutrient at all; empty when every entry gives some. */
export function commonNote(missing: number, entries: number): string {
  if (missing <= 0 || entries <= 0) return '';
  const foods = missing === 1 ? '1 food' : `${missing} foods`;
  return `${foods} of ${entries} logged ${missing === 1 ? 'gives' : 'give'} no minerals or vitamins (typed in, a custom food or a scanned product): the totals below are incomplete.`;
}

/** Says how many of the day's foods do not give a nutrient: the total is then a floor. Empty when all do. */
export function missingNote(missing: number, entries: number): string {
  if (missing <= 0 || entries <= 0) return '';
  if (missing === entries) return entries === 1 ? 'Incomplete: the food logged does not give it.' : `Incomplete: none of the ${entries} foods give it.`;
  return `Incomplete: ${missing} of ${entries} foods do not give it.`;
}

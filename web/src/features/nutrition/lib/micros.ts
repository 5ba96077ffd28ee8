// Micronutrients (docs/nutrition-foods.md#micronutrients): how the card words a total.

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** An amount in its unit: whole numbers from 10 up, one decimal below (2.4 µg of B12, 1,367 mg of potassium). */
export function formatAmount(value: number, unit: string): string {
  return `${(Math.abs(value) >= 10 ? whole : oneDecimal).format(value)} ${unit}`;
}

/** Says how many of the day's foods do not give a nutrient: the total is then a floor. Empty when all do. */
export function missingNote(missing: number, entries: number): string {
  if (missing <= 0 || entries <= 0) return '';
  if (missing === entries) return entries === 1 ? 'Incomplete: the food logged does not give it.' : `Incomplete: none of the ${entries} foods give it.`;
  return `Incomplete: ${missing} of ${entries} foods do not give it.`;
}

/** The HYROX divisions, as the server names them (docs/product.md#racing). */
export const DIVISIONS = [
  'open_men',
  'open_women',
  'pro_men',
  'pro_women',
  'doubles_men',
  'doubles_women',
  'doubles_mixed',
  'pro_doubles_men',
  'pro_doubles_women',
  'relay_men',
  'relay_women',
  'relay_mixed',
  'adaptive',
] as const;
export type Division = (typeof DIVISIONS)[number];

/** "pro_doubles_women" -> "Pro Doubles Women". */
export function divisionLabel(division: string): string {
  return division
    .split('_')
    .map((w) => (w ? w[0].toUpperCase() + w.slice(1) : w))
    .join(' ');
}

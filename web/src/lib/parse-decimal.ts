/**
 * A number typed by a person, in any locale: "1.5" and "1,5" are both one and a
 * half (a phone's decimal keypad has "." or "," depending on its language).
 * With both marks, the last one is the decimal mark and the other groups
 * thousands ("1,234.5", "1.234,5"); a lone comma is always the decimal mark
 * ("1,000" is 1, never a thousand: portions and servings are small numbers).
 * Spaces around are ignored. Empty or not a number is NaN, never 0, so a form
 * says what is wrong instead of saving a wrong figure. A number is returned
 * as it is (a value the form already holds as one).
 */
export function parseDecimal(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return Number.NaN;
  let s = value.trim().replace(/\s/g, '');
  const dot = s.lastIndexOf('.');
  const comma = s.lastIndexOf(',');
  if (dot >= 0 && comma >= 0) {
    // The later mark is the decimal one; the other only groups digits.
    s = dot > comma ? s.replace(/,/g, '') : s.replace(/\./g, '').replace(',', '.');
  } else if (comma >= 0) {
    s = s.replace(',', '.');
  }
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(s)) return Number.NaN;
  return Number(s);
}

/** docs/product.md#nutrition: numeric inputs are parsed as integers, default 0. */
export function parseIntOrZero(value: string | number | undefined | null): number {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : 0;
  const n = Number.parseInt(String(value ?? '').trim(), 10);
  return Number.isNaN(n) ? 0 : n;
}

// Progress bars (docs/product.md#nutrition): current over target times 100 percent.

/** current / target x 100, rounded; 0 when the target is 0. */
export function percentOf(current: number, target: number): number {
  if (!target || target <= 0) return 0;
  return Math.round((current / target) * 100);
}

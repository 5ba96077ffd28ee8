/**
 * The 7-day vs 28-day load ratio as a figure. The server's one rule (docs/training-logs.md#load-and-compliance)
 * says whether it means something: `status` low, steady or high; before that (none, building) it is a dash, and
 * the server's `message` says why.
 */
export function loadRatioText(load: { ratio: number; status: string }): string {
  return load.status === 'low' || load.status === 'steady' || load.status === 'high' ? load.ratio.toFixed(2) : '—';
}

import { formatNumber } from '@/lib/format';
import { percentOf } from '../lib/progress';

/**
 * One progress bar (docs/product.md#nutrition): current / target x 100. The bar stops at 100 %
 * while the figure shows the real value (e.g. 112 %).
 */
export function MacroProgress({ label, current, target, unit }: { label: string; current: number; target: number; unit: string }) {
  const pct = percentOf(current, target);
  const width = Math.min(pct, 100);
  const slug = label.toLowerCase();
  return (
    <div data-testid={`macro-${slug}`}>
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-semibold">{label}</span>
        <span className="tabular-nums">
          <span data-testid={`macro-${slug}-current`}>{formatNumber(current)}</span> / {formatNumber(target)} {unit}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={width}
        aria-valuetext={`${formatNumber(current)} of ${formatNumber(target)} ${unit}, ${pct}%`}
        className="mt-2 h-3 overflow-hidden rounded-full bg-muted"
      >
        <div
          data-testid={`macro-${slug}-bar`}
          className={pct > 100 ? 'h-full rounded-full bg-orange-500' : 'h-full rounded-full bg-primary'}
          style={{ width: `${width}%` }}
        />
      </div>
      <p className="mt-1 text-xs text-muted-foreground tabular-nums">
        <span data-testid={`macro-${slug}-percent`}>{pct}%</span> of target{pct > 100 ? ' (over)' : ''}
      </p>
    </div>
  );
}

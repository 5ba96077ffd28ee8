import { cn } from '@/lib/cn';
import type { Interval } from './plan-price';

/** Monthly / annual switch with the 'save 25%' banner. */
export function IntervalSwitch({ value, onChange }: { value: Interval; onChange: (v: Interval) => void }) {
  const option = (v: Interval, label: string) => (
    <button
      type="button"
      role="radio"
      aria-checked={value === v}
      onClick={() => onChange(v)}
      className={cn(
        'rounded-full px-4 py-2 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-ring',
        value === v ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:text-foreground',
      )}
    >
      {label}
    </button>
  );
  return (
    <div className="flex flex-col items-center gap-3">
      <div role="radiogroup" aria-label="Billing period" className="inline-flex rounded-full border border-border bg-card p-1">
        {option('month', 'Monthly')}
        {option('year', 'Annual')}
      </div>
      <p className="rounded-full bg-green-100 px-3 py-1 text-sm font-semibold text-green-900 dark:bg-green-950 dark:text-green-200">
        Pay annually and save 25%
      </p>
    </div>
  );
}

import { cn } from '@/lib/cn';

/** "Race" (official event) or "Simulation" (training simulation). */
export function RecordTypeBadge({ type, className }: { type: string; className?: string }) {
  const race = type === 'race';
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium',
        race ? 'border-accent-text text-accent-text' : 'border-border text-muted-foreground',
        className,
      )}
    >
      {race ? 'Race' : 'Simulation'}
    </span>
  );
}

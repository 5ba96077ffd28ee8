import { Loader2 } from 'lucide-react';
import { cn } from '@/lib/cn';

/** A spinning indicator with an accessible label (visible when `showLabel`). */
export function Spinner({ label = 'Loading...', showLabel = false, className }: { label?: string; showLabel?: boolean; className?: string }) {
  return (
    <span role="status" className={cn('inline-flex items-center gap-2', className)}>
      <Loader2 className="h-5 w-5 animate-spin" aria-hidden="true" />
      <span className={showLabel ? undefined : 'sr-only'}>{label}</span>
    </span>
  );
}

import { cn } from '@/lib/cn';

/** A username's initial in a circle (no images: nothing loads from other hosts). */
export function Avatar({ name, className }: { name: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-zinc-900 text-sm font-black text-primary uppercase dark:bg-zinc-800',
        className,
      )}
    >
      {name.slice(0, 1) || '?'}
    </span>
  );
}

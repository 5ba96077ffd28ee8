import { Fragment, type HTMLAttributes, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** Loading placeholder; hidden from screen readers (announce loading elsewhere). */
export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-muted', className)} {...props} />;
}

type SkeletonListProps = {
  /** What is loading, for screen readers ("Loading workouts"). */
  label: string;
  count: number;
  /** The list's layout (a column, a grid). */
  className?: string;
  /** One placeholder; a plain block by default. */
  item?: () => ReactNode;
  /** The placeholders' height, for the default item. */
  itemClassName?: string;
};

/** A list still loading: `count` placeholders in one status region named by `label`. */
export function SkeletonList({ label, count, className, item, itemClassName = 'h-20' }: SkeletonListProps) {
  return (
    <div className={className} role="status" aria-busy="true" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        <Fragment key={i}>{item ? item() : <Skeleton className={itemClassName} />}</Fragment>
      ))}
    </div>
  );
}

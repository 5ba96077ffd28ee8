import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

/** Loading placeholder; hidden from screen readers (announce loading elsewhere). */
export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-muted', className)} {...props} />;
}

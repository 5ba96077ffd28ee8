import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

type PageHeaderProps = {
  /** The page's h1. */
  title: ReactNode;
  /** One line under the title. */
  description?: ReactNode;
  /** Buttons or links beside the title (under it on a phone). */
  actions?: ReactNode;
  /** 'lg' grows the title from sm up (the dashboards' size). */
  size?: 'md' | 'lg';
  /** The h1's id, for a section labelled by it. */
  id?: string;
  className?: string;
};

/**
 * The top of a page: its h1, an optional description and optional actions, so
 * every page heading has the same size, weight and spacing.
 */
export function PageHeader({ title, description, actions, size = 'md', id, className }: PageHeaderProps) {
  const heading = (
    <>
      <h1 id={id} className={cn('text-3xl font-black tracking-tight', size === 'lg' && 'sm:text-4xl')}>
        {title}
      </h1>
      {description != null && <p className="mt-1 text-muted-foreground">{description}</p>}
    </>
  );
  if (actions == null) return <header className={className}>{heading}</header>;
  return (
    <header className={cn('flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between', className)}>
      <div>{heading}</div>
      {actions}
    </header>
  );
}

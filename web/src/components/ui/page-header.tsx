import type { ComponentType, ReactNode } from 'react';
import { cn } from '@/lib/cn';

type PageHeaderProps = {
  /** The page's h1. */
  title: ReactNode;
  /** An icon before the title (decorative: hidden from screen readers). */
  icon?: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
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
export function PageHeader({ title, icon: Icon, description, actions, size = 'md', id, className }: PageHeaderProps) {
  const heading = (
    <>
      <h1 id={id} className={cn('text-3xl font-black tracking-tight', size === 'lg' && 'sm:text-4xl', Icon && 'flex items-center gap-3')}>
        {Icon && <Icon className="h-8 w-8 text-accent-text" aria-hidden="true" />}
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

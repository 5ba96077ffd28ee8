import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** A landing-page section with an eyebrow, heading and intro. */
export function Section({
  id,
  eyebrow,
  title,
  intro,
  children,
  className,
}: {
  id?: string;
  eyebrow?: string;
  title: string;
  intro?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section id={id} aria-labelledby={headingId} className={cn('scroll-mt-16 py-16 sm:py-20', className)}>
      <div className="mx-auto max-w-7xl px-4">
        <div className="mx-auto max-w-3xl text-center">
          {eyebrow && <p className="text-sm font-bold tracking-widest text-accent-text uppercase">{eyebrow}</p>}
          <h2 id={headingId} className="mt-2 text-3xl font-black tracking-tight sm:text-4xl">
            {title}
          </h2>
          {intro && <p className="mt-4 text-lg text-muted-foreground">{intro}</p>}
        </div>
        {children && <div className="mt-10">{children}</div>}
      </div>
    </section>
  );
}

import type { ReactNode } from 'react';
import { Construction } from 'lucide-react';

/** The body of a page whose area is still being built. */
export function ComingSoon({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 text-center">
      <Construction className="mx-auto h-12 w-12 text-accent-text" aria-hidden="true" />
      <h1 className="mt-4 text-3xl font-black tracking-tight sm:text-4xl">{title}</h1>
      <p className="mt-4 text-lg text-muted-foreground">{children ?? 'This page is coming soon.'}</p>
    </div>
  );
}

import type { Ref, SelectHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';
import { controlClasses } from './control';

export type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> };

/** The native select, styled like Input (native keeps keyboard and screen-reader behaviour for free). */
export function Select({ className, ...props }: SelectProps) {
  return <select className={cn('flex h-10', controlClasses, className)} {...props} />;
}

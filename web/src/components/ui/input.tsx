import type { InputHTMLAttributes, Ref } from 'react';
import { cn } from '@/lib/cn';
import { controlClasses } from './control';

export type InputProps = InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };

export function Input({ className, type = 'text', ...props }: InputProps) {
  return <input type={type} className={cn('flex h-10', controlClasses, className)} {...props} />;
}

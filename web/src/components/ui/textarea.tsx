import type { Ref, TextareaHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';
import { controlClasses } from './control';

export type TextareaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> };

/** A multi-line text field styled like Input. */
export function Textarea({ className, ...props }: TextareaProps) {
  return <textarea className={cn('flex min-h-20 resize-y', controlClasses, className)} {...props} />;
}

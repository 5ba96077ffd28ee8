import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Input, type InputProps } from './input';
import { Label } from './label';

/** What FormField hands its control: the id its label points at and the aria wiring. */
export type FieldControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

type FieldProps = {
  label: ReactNode;
  /** Help shown under the control until there is an error. */
  hint?: ReactNode;
  /** The field's error message; marks the control invalid. */
  error?: string;
  /** The control's id (a generated one when missing). */
  id?: string;
  className?: string;
  labelClassName?: string;
};

/**
 * A label, a control, and its hint or error. The control gets the id the label
 * points at, aria-invalid while there is an error, and aria-describedby naming
 * the hint or error shown, so screen readers read them with the field:
 *
 *   <FormField label="Meal type" error={errors.mealType?.message}>
 *     {(control) => <Select {...control} {...register('mealType')}>...</Select>}
 *   </FormField>
 */
export function FormField({
  label,
  hint,
  error,
  id,
  className,
  labelClassName,
  children,
}: FieldProps & { children: (control: FieldControlProps) => ReactNode }) {
  const generated = useId();
  const controlId = id ?? generated;
  const errorId = `${controlId}-error`;
  const hintId = `${controlId}-hint`;
  const showHint = hint != null && !error;
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={controlId} className={labelClassName}>
        {label}
      </Label>
      {children({
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? errorId : showHint ? hintId : undefined,
      })}
      {showHint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** A FormField around an Input, the common case; className styles the field, inputClassName the input. */
export function InputField({
  label,
  hint,
  error,
  id,
  className,
  labelClassName,
  inputClassName,
  ...input
}: FieldProps & Omit<InputProps, 'id' | 'className'> & { inputClassName?: string }) {
  return (
    <FormField label={label} hint={hint} error={error} id={id} className={className} labelClassName={labelClassName}>
      {(control) => <Input {...control} className={inputClassName} {...input} />}
    </FormField>
  );
}

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm font-medium text-destructive dark:text-red-400">
      {message}
    </p>
  );
}

/** A form-level error (the server's message), announced when it appears. */
export function FormError({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm font-medium text-destructive dark:text-red-400">
      {message}
    </p>
  );
}

import type { FocusEventHandler, ReactNode, Ref } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { cn } from '@/lib/cn';
import { parseTimeEntry, spokenTimeEntry, TIME_FORMAT_HINT } from '@/lib/time-entry';
import { FormField } from './form-field';
import { Input } from './input';

type Props = {
  label: ReactNode;
  value: string;
  onChange: (text: string) => void;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  name?: string;
  ref?: Ref<HTMLInputElement>;
  id?: string;
  /** The form's error for the field (on submit or from the server); it replaces the read-back. */
  error?: string;
  className?: string;
  labelClassName?: string;
  inputClassName?: string;
  /** How a read time is said back under the field; "Reads as 25 min 30 s" unless given. */
  readBack?: (seconds: number) => string;
};

/**
 * The one time field (docs/time-entry.md): a keypad with '.' (inputmode
 * decimal: phones show digits and a separator), any of 25:30, 25.30, 2530 or
 * 1:05:30, and under the field, as the athlete types, what it reads (or why
 * it cannot), announced politely to screen readers.
 */
export function TimeInput({ label, value, onChange, onBlur, name, ref, id, error, className, labelClassName, inputClassName, readBack }: Props) {
  const entry = parseTimeEntry(value);
  const said =
    'seconds' in entry ? (readBack ? readBack(entry.seconds) : `Reads as ${spokenTimeEntry(entry.seconds)}`) : 'error' in entry ? entry.error : TIME_FORMAT_HINT;
  return (
    <FormField label={label} id={id} error={error} className={className} labelClassName={labelClassName} hint={<span aria-live="polite">{said}</span>}>
      {(control) => (
        <Input
          {...control}
          ref={ref}
          name={name}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          placeholder="m:ss"
          className={cn('font-mono tabular-nums', inputClassName)}
        />
      )}
    </FormField>
  );
}

/** A TimeInput bound to a react-hook-form field: its value, its focus and its error. */
export function TimeField<T extends FieldValues, TOut extends FieldValues = T>({
  control,
  name,
  ...props
}: { control: Control<T, unknown, TOut>; name: Path<T> } & Omit<Props, 'name' | 'value' | 'onChange' | 'onBlur' | 'ref' | 'error'>) {
  return (
    <Controller<T, Path<T>, TOut>
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TimeInput
          {...props}
          name={field.name}
          ref={field.ref}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

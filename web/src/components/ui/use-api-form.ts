import { useCallback, useState } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
  type UseFormSetError,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ApiError, errorMessage } from '@/lib/api-client';

// Zod compiles object schemas with new Function unless told not to: the
// Content-Security-Policy allows no eval, and Chrome reports every refused
// try as a CSP issue (Lighthouse's best practices count it). Every form's
// schema is checked through here, after this has run.
z.config({ jitless: true });

/**
 * Puts the server's field errors (a 400's `errors` map: only invalid input
 * carries one) on the form's fields it knows; returns the message to show for
 * the form when no field took it. Any other error is the form's message.
 */
export function applyServerErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  fallback?: string,
): string | undefined {
  let placed = false;
  if (err instanceof ApiError && err.status === 400) {
    for (const [field, message] of Object.entries(err.errors)) {
      if ((fields as readonly string[]).includes(field)) {
        setError(field as Path<T>, { type: 'server', message });
        placed = true;
      }
    }
  }
  return placed ? undefined : errorMessage(err, fallback);
}

export type ApiFormOptions<T extends FieldValues> = {
  /** The zod schema the fields are checked with before anything is sent. */
  schema: Parameters<typeof zodResolver>[0];
  defaultValues?: DefaultValues<T>;
  /** Values that follow their source (react-hook-form's `values`), instead of defaultValues. */
  values?: T;
  /** The fields a server error may land on; by default the keys of defaultValues (or values). */
  fields?: readonly Path<T>[];
  /** The form's message for an error that carries none (errorMessage's fallback). */
  fallback?: string;
};

/** T is what the fields hold; TOut what the schema makes of it (the same unless the schema transforms). */
export type ApiForm<T extends FieldValues, TOut extends FieldValues = T> = {
  form: UseFormReturn<T, unknown, TOut>;
  /** The message for the whole form (server errors no field took), or undefined. */
  formError: string | undefined;
  setFormError: (message: string | undefined) => void;
  /**
   * An onSubmit handler: checks the fields, clears the form message, then runs
   * `handler` (usually a `mutateAsync`); an error it throws is mapped onto the
   * fields or shown as the form message.
   */
  submit: (handler: (values: TOut) => Promise<unknown>) => (e?: React.BaseSyntheticEvent) => Promise<void>;
};

/** The one form hook: react-hook-form + zod + the server's error mapping. */
export function useApiForm<T extends FieldValues, TOut extends FieldValues = T>({
  schema,
  defaultValues,
  values,
  fields,
  fallback,
}: ApiFormOptions<T>): ApiForm<T, TOut> {
  const [formError, setFormError] = useState<string>();
  const form = useForm<T, unknown, TOut>({ resolver: zodResolver(schema) as unknown as Resolver<T, unknown, TOut>, defaultValues, values });
  const known = fields ?? (Object.keys(defaultValues ?? values ?? {}) as Path<T>[]);
  const { handleSubmit, setError } = form;
  const knownKey = known.join('\u0000');
  const submit = useCallback(
    (handler: (values: TOut) => Promise<unknown>) =>
      handleSubmit(async (values) => {
        setFormError(undefined);
        try {
          await handler(values);
        } catch (err) {
          setFormError(applyServerErrors(err, setError, knownKey.split('\u0000') as Path<T>[], fallback));
        }
      }),
    [handleSubmit, setError, knownKey, fallback],
  );
  return { form, formError, setFormError, submit };
}

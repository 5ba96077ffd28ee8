import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, errorMessage } from '@/lib/api-client';

/**
 * Puts the server's field errors (400/409 `errors`) on the form's fields it
 * knows; returns the message to show for the form when no field took it.
 */
export function applyServerErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): string | undefined {
  let placed = false;
  if (err instanceof ApiError) {
    for (const [field, message] of Object.entries(err.errors)) {
      if ((fields as readonly string[]).includes(field)) {
        setError(field as Path<T>, { type: 'server', message });
        placed = true;
      }
    }
  }
  return placed ? undefined : errorMessage(err);
}

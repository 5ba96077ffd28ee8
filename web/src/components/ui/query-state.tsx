import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { errorMessage } from '@/lib/api-client';
import { FormError } from './form-field';
import { Skeleton } from './skeleton';

type QueryStateProps<T> = {
  /** A TanStack Query result (useQuery, or the pages of useInfiniteQuery). */
  query: Pick<UseQueryResult<T>, 'isPending' | 'isError' | 'error' | 'data'>;
  /** Shown while the first answer is on its way; a skeleton by default. */
  pending?: ReactNode;
  /** Shown when the query failed; the error's message, announced, by default. */
  error?: (error: Error) => ReactNode;
  /** Whether the answer has nothing to show; `empty` is shown instead of children then. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
};

/**
 * One query's four states, in the order the pages check them: pending, error,
 * empty, data. A refetch that fails after data came shows the error, as
 * `query.isError` is true then too.
 */
export function QueryState<T>({ query, pending, error, isEmpty, empty, children }: QueryStateProps<T>) {
  if (query.isPending) return <>{pending === undefined ? <Skeleton className="h-24 w-full" /> : pending}</>;
  if (query.isError) {
    const err = query.error as Error;
    return <>{error ? error(err) : <FormError message={errorMessage(err)} />}</>;
  }
  const data = query.data as T;
  if (isEmpty?.(data)) return <>{empty ?? null}</>;
  return <>{children(data)}</>;
}

import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { QueryState } from '@/components/ui/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/app/paths';

/**
 * The frame of a library detail page (an exercise, a workout): the way back
 * to the library, then a skeleton while loading, a not-found message on
 * error, or the page's own content.
 */
export function LibraryPageShell<T>({ query, notFound, children }: { query: UseQueryResult<T, Error>; notFound: string; children: (data: T) => ReactNode }) {
  const back = (
    <Link href={paths.exercises} className="inline-flex items-center gap-1 text-sm font-semibold hover:underline">
      <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Exercise library
    </Link>
  );
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10" aria-busy={query.isPending || undefined}>
      {back}
      <QueryState
        query={query}
        pending={
          <>
            <Skeleton className="h-10 w-2/3" />
            <Skeleton className="h-48 w-full" />
          </>
        }
        error={(e) => (
          <>
            <h1 className="text-2xl font-black">{notFound}</h1>
            <p className="text-muted-foreground">{e.message}</p>
          </>
        )}
      >
        {children}
      </QueryState>
    </div>
  );
}

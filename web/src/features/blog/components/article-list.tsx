import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useArticles, type BlogCategory } from '../api/get-articles';
import { ArticleCard, ArticleCardSkeleton } from './article-card';

/** 6 article skeletons (docs/product.md#web-app). */
const SKELETONS = 6;

/**
 * The latest articles, newest first, 6 at a time. 'Load More Articles'
 * fetches the next page and disappears after the last one; the first newly
 * loaded article then takes the focus so keyboard users carry on reading.
 */
export function ArticleList({ category }: { category: BlogCategory | null }) {
  const query = useArticles(category);
  const articles = query.data?.pages.flatMap((p) => p.items) ?? [];
  const focusIndex = useRef<number | null>(null);
  const links = useRef(new Map<number, HTMLAnchorElement>());

  useEffect(() => {
    const i = focusIndex.current;
    if (i !== null && !query.isFetchingNextPage && articles.length > i) {
      focusIndex.current = null;
      links.current.get(i)?.focus();
    }
  }, [articles.length, query.isFetchingNextPage]);

  if (query.isPending) {
    return (
      <div>
        <p role="status" className="sr-only">
          Loading articles...
        </p>
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: SKELETONS }, (_, i) => (
            <ArticleCardSkeleton key={i} />
          ))}
        </div>
      </div>
    );
  }

  // A failed 'Load More' keeps the pages already loaded (shown below); only a
  // failed first page replaces the list.
  if (!query.data) {
    return (
      <div role="alert" className="rounded-xl border border-destructive/40 bg-card p-6 text-center">
        <p className="font-semibold">{errorMessage(query.error, 'The articles could not be loaded.')}</p>
        <Button variant="outline" className="mt-4" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  if (articles.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-border p-10 text-center text-muted-foreground">
        No articles available at the moment. Check back soon!
      </p>
    );
  }

  return (
    <div>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {articles.map((a, i) => (
          <li key={a.id} className="flex">
            <ArticleCard
              article={a}
              linkRef={(el) => {
                if (el) links.current.set(i, el);
                else links.current.delete(i);
              }}
            />
          </li>
        ))}
      </ul>
      {query.isFetchNextPageError && (
        <p role="alert" className="mt-6 text-center text-sm font-medium text-destructive">
          {errorMessage(query.error, 'More articles could not be loaded.')}
        </p>
      )}
      {query.hasNextPage && (
        <div className="mt-8 flex justify-center">
          <Button
            variant="outline"
            size="lg"
            disabled={query.isFetchingNextPage}
            onClick={() => {
              focusIndex.current = articles.length;
              void query.fetchNextPage();
            }}
          >
            {query.isFetchingNextPage ? 'Loading...' : 'Load More Articles'}
          </Button>
        </div>
      )}
    </div>
  );
}

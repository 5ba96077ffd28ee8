import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { components } from '@/lib/api-types';

export type BlogArticle = components['schemas']['BlogArticle'];
export type BlogArticlePage = components['schemas']['BlogArticlePage'];
export type BlogCategory = 'Training' | 'Recovery' | 'Gear';

export const BLOG_ARTICLES_KEY = '/api/blog/articles';

/** GET /api/blog/articles: one page, newest first (6 by default, docs/product.md#blog). */
export function getArticles(params: { category?: string; cursor?: string }, signal?: AbortSignal): Promise<BlogArticlePage> {
  const q = new URLSearchParams();
  if (params.category) q.set('category', params.category);
  if (params.cursor) q.set('cursor', params.cursor);
  const query = q.toString();
  return apiFetch<BlogArticlePage>(query ? `${BLOG_ARTICLES_KEY}?${query}` : BLOG_ARTICLES_KEY, { signal });
}

/** Pages of articles, optionally of one category; 'Load More Articles' fetches the next page. */
export function articlesQueryOptions(category: BlogCategory | null) {
  return infiniteQueryOptions({
    queryKey: [BLOG_ARTICLES_KEY, { category: category ?? 'all' }],
    queryFn: ({ pageParam, signal }) => getArticles({ category: category ?? undefined, cursor: pageParam }, signal),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor || undefined,
  });
}

export function useArticles(category: BlogCategory | null) {
  return useInfiniteQuery(articlesQueryOptions(category));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { components } from '@/lib/api-types';
import { BLOG_ARTICLES_KEY } from './get-articles';

export type BlogArticleDetail = components['schemas']['BlogArticleDetail'];

/** GET /api/blog/articles/{id}: the article with its server-rendered, sanitized HTML. */
export function getArticle(id: string, signal?: AbortSignal): Promise<BlogArticleDetail> {
  return apiFetch<BlogArticleDetail>(`${BLOG_ARTICLES_KEY}/${encodeURIComponent(id)}`, { signal });
}

export function articleQueryOptions(id: string) {
  return queryOptions({
    queryKey: [BLOG_ARTICLES_KEY, id],
    queryFn: ({ signal }) => getArticle(id, signal),
  });
}

export function useArticle(id: string) {
  return useQuery(articleQueryOptions(id));
}

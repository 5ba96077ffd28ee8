import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { commentsKey, type CommentPage } from './types';

export const COMMENTS_PAGE_SIZE = 20;

/** GET /api/community/posts/{id}/comments: oldest first. */
export function getComments(postId: number, cursor: string, signal?: AbortSignal): Promise<CommentPage> {
  const q = new URLSearchParams({ limit: String(COMMENTS_PAGE_SIZE) });
  if (cursor) q.set('cursor', cursor);
  return apiFetch<CommentPage>(`/api/community/posts/${postId}/comments?${q.toString()}`, { signal });
}

export function commentsQueryOptions(postId: number) {
  return infiniteQueryOptions({
    queryKey: commentsKey(postId),
    queryFn: ({ pageParam, signal }) => getComments(postId, pageParam, signal),
    initialPageParam: '',
    getNextPageParam: (last: CommentPage) => last.nextCursor || undefined,
  });
}

export function useComments(postId: number) {
  return useInfiniteQuery(commentsQueryOptions(postId));
}

import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { seedFromFirstData } from '@/lib/first-data';
import { POSTS_KEY, type Channel, type PostPage } from './types';

export const FEED_PAGE_SIZE = 20;

/** GET /api/community/posts: one page of the feed, newest first. */
export function getPosts(cursor: string, signal?: AbortSignal, channel: Channel = 'public'): Promise<PostPage> {
  return apiFetch<PostPage>(postsPath(cursor, channel), { signal });
}

function postsPath(cursor: string, channel: Channel): string {
  const q = new URLSearchParams({ limit: String(FEED_PAGE_SIZE) });
  if (cursor) q.set('cursor', cursor);
  if (channel !== 'public') q.set('channel', channel);
  return `${POSTS_KEY[0]}?${q.toString()}`;
}

export function postsQueryOptions(channel: Channel = 'public') {
  return infiniteQueryOptions({
    queryKey: [...POSTS_KEY, 'feed', channel] as const,
    queryFn: ({ pageParam, signal }) => getPosts(pageParam, signal, channel),
    initialPageParam: '',
    getNextPageParam: (last: PostPage) => last.nextCursor || undefined,
    // The first page, when the page came with it.
    ...seedFromFirstData<PostPage, InfiniteData<PostPage, string>>(
      () => postsPath('', channel),
      (page) => ({ pages: [page], pageParams: [''] }),
    ),
  });
}

/** The feed; `enabled` is false for anonymous visitors (the API needs a session). */
export function usePosts({ enabled = true, channel = 'public' }: { enabled?: boolean; channel?: Channel } = {}) {
  return useInfiniteQuery({ ...postsQueryOptions(channel), enabled });
}

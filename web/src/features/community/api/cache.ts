import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import { POSTS_KEY, type Post, type PostPage } from './types';

/** The feeds (…, 'feed', channel) and single-post (…, id) queries; not comment lists. */
function holdsPosts(key: QueryKey): boolean {
  if (key[0] !== POSTS_KEY[0]) return false;
  return (key.length === 3 && key[1] === 'feed') || (key.length === 2 && typeof key[1] === 'number');
}

/**
 * Applies fn to post `id` wherever the cache holds it: the feed's pages and
 * the single-post query. Returns a function that puts those copies back.
 */
export function updateCachedPost(qc: QueryClient, id: number, fn: (p: Post) => Post): () => void {
  const snapshot = qc.getQueriesData({ queryKey: POSTS_KEY, predicate: (q) => holdsPosts(q.queryKey) });
  for (const [key, data] of snapshot) {
    if (!data) continue;
    if (key[1] === 'feed') {
      const inf = data as InfiniteData<PostPage>;
      qc.setQueryData(key, {
        ...inf,
        pages: inf.pages.map((page) => ({ ...page, items: page.items.map((p) => (p.id === id ? fn(p) : p)) })),
      });
    } else if (key[1] === id) {
      qc.setQueryData(key, fn(data as Post));
    }
  }
  return () => {
    for (const [key, data] of snapshot) qc.setQueryData(key, data);
  };
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { postKey, type Post } from './types';

/** GET /api/community/posts/{id}. */
export function getPost(id: number, signal?: AbortSignal): Promise<Post> {
  return apiFetch<Post>(`/api/community/posts/${id}`, { signal });
}

export function postQueryOptions(id: number) {
  return queryOptions({ queryKey: postKey(id), queryFn: ({ signal }) => getPost(id, signal) });
}

export function usePost(id: number) {
  return useQuery({ ...postQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}

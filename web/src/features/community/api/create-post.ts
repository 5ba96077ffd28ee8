import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { POSTS_KEY, type Post } from './types';

/** POST /api/community/posts. */
export function createPost(content: string): Promise<Post> {
  return apiFetch<Post>('/api/community/posts', { method: 'POST', body: { content } });
}

export function useCreatePost() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    onSuccess: () => qc.invalidateQueries({ queryKey: [...POSTS_KEY, 'feed'] }),
  });
}

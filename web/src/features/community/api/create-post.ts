import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { POSTS_KEY, type Channel, type Post } from './types';

/** POST /api/community/posts. */
export function createPost({ content, channel = 'public' }: { content: string; channel?: Channel }): Promise<Post> {
  return apiFetch<Post>('/api/community/posts', { method: 'POST', body: { content, channel } });
}

export function useCreatePost() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    onSuccess: () => qc.invalidateQueries({ queryKey: [...POSTS_KEY, 'feed'] }),
  });
}

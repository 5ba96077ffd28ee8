import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { updateCachedPost } from './cache';
import { commentsKey, type Comment } from './types';

/** POST /api/community/posts/{id}/comments. */
export function createComment(postId: number, content: string): Promise<Comment> {
  return apiFetch<Comment>(`/api/community/posts/${postId}/comments`, { method: 'POST', body: { content } });
}

export function useCreateComment(postId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => createComment(postId, content),
    onSuccess: () => {
      updateCachedPost(qc, postId, (p) => ({ ...p, comments: p.comments + 1 }));
      return qc.invalidateQueries({ queryKey: commentsKey(postId) });
    },
  });
}

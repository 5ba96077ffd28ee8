import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { updateCachedPost } from './cache';
import { commentsKey } from './types';

/** DELETE /api/community/comments/{id} (own comments only). */
export function deleteComment(id: number): Promise<unknown> {
  return apiFetch(`/api/community/comments/${id}`, { method: 'DELETE' });
}

export function useDeleteComment(postId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteComment,
    onSuccess: () => {
      updateCachedPost(qc, postId, (p) => ({ ...p, comments: Math.max(0, p.comments - 1) }));
      return qc.invalidateQueries({ queryKey: commentsKey(postId) });
    },
  });
}

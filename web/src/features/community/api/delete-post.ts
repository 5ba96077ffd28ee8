import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { POSTS_KEY, postKey } from './types';

/** DELETE /api/community/posts/{id} (own posts only). */
export function deletePost(id: number): Promise<unknown> {
  return apiFetch(`/api/community/posts/${id}`, { method: 'DELETE' });
}

export function useDeletePost() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: (_data, id) => {
      // The post's own query is dropped without a refetch (it would 404).
      void qc.cancelQueries({ queryKey: postKey(id) });
      qc.removeQueries({ queryKey: postKey(id), exact: false });
      return qc.invalidateQueries({ queryKey: [...POSTS_KEY, 'feed'] });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, errorMessage } from '@/lib/api-client';
import { toast } from '@/components/ui/use-toast';
import { updateCachedPost } from './cache';
import { POSTS_KEY, type Post } from './types';

/** POST (like) or DELETE (unlike) /api/community/posts/{id}/like; both idempotent. */
export function setLike(id: number, like: boolean): Promise<Post> {
  return apiFetch<Post>(`/api/community/posts/${id}/like`, { method: like ? 'POST' : 'DELETE' });
}

type Vars = { id: number; like: boolean };

/**
 * Toggles a like at once (optimistic) in every cached copy of the post; if
 * the server refuses, the copies roll back and a toast says why. The server's
 * answer then sets the true count.
 */
export function useToggleLike() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, like }: Vars) => setLike(id, like),
    onMutate: async ({ id, like }: Vars) => {
      await qc.cancelQueries({ queryKey: POSTS_KEY });
      const rollback = updateCachedPost(qc, id, (p) =>
        p.likedByMe === like ? p : { ...p, likedByMe: like, likes: Math.max(0, p.likes + (like ? 1 : -1)) },
      );
      return { rollback };
    },
    onError: (err, _vars, ctx) => {
      ctx?.rollback();
      toast({ title: 'Like failed', description: errorMessage(err, 'Could not update the like'), variant: 'destructive' });
    },
    onSuccess: (post) => {
      updateCachedPost(qc, post.id, (p) => ({ ...p, likes: post.likes, comments: post.comments, likedByMe: post.likedByMe }));
    },
  });
}

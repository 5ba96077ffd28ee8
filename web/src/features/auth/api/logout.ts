import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { apiFetch, errorMessage } from '@/lib/api-client';
import { USER_QUERY_KEY } from '@/lib/session';
import { toast } from '@/components/ui/use-toast';

export function logout(): Promise<unknown> {
  return apiFetch('/api/logout', { method: 'POST' });
}

/**
 * POST /api/logout, then mark the session anonymous and drop every other
 * cached query (no data of the previous user survives), toast and go home.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      // Mark the session anonymous on the live user query (the top bar and
      // guards observe it), then drop every other cached query. A plain
      // queryClient.clear() would detach the mounted useUser() observers,
      // which would keep showing the old user.
      queryClient.setQueryData(USER_QUERY_KEY, null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== USER_QUERY_KEY[0] });
      toast({ title: 'Logged out', description: 'Successfully logged out. See you next training!' });
      navigate('/');
    },
    onError: (err) => {
      toast({ title: 'Logout failed', description: errorMessage(err), variant: 'destructive' });
    },
  });
}

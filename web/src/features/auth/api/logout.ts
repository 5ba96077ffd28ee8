import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { apiFetch, errorMessage } from '@/lib/api-client';
import { toast } from '@/components/ui/use-toast';
import { replaceSession } from './session-cache';

export async function logout(): Promise<unknown> {
  // docs/offline.md#signing-out: waiting writes go first, then this user's offline data.
  const offline = await import('@/lib/offline/clear');
  await offline.sendBeforeSignOut();
  const res = await apiFetch('/api/logout', { method: 'POST' });
  await offline.clearOfflineData();
  return res;
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
      // queryClient.clear() would detach the mounted useSessionUser() observers,
      // which would keep showing the old user.
      replaceSession(queryClient, null);
      toast({ title: 'Logged out', description: 'Successfully logged out. See you next training!' });
      navigate('/');
    },
    onError: (err) => {
      toast({ title: 'Logout failed', description: errorMessage(err), variant: 'destructive' });
    },
  });
}

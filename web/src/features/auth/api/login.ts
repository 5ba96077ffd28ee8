import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, errorMessage } from '@/lib/api-client';
import { API_CACHE } from '@/lib/offline/cache-name';
import type { User } from '@/lib/session';
import { toast } from '@/components/ui/use-toast';
import type { LoginValues } from '../schemas';
import { replaceSession } from './session-cache';

/** POST /api/login: username may be the username or the e-mail. */
export async function login(credentials: LoginValues): Promise<User> {
  const user = await apiFetch<User>('/api/login', { method: 'POST', body: credentials });
  // docs/offline.md#signing-out: no answer cached for an earlier session is shown to this one.
  if (typeof caches !== 'undefined') await caches.delete(API_CACHE).catch(() => false);
  return user;
}

export function useLogin({ onSuccess }: { onSuccess?: (user: User) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      replaceSession(queryClient, user);
      toast({ title: 'Welcome back!', description: `Successfully logged in as ${user.username}` });
      onSuccess?.(user);
    },
    onError: (err) => {
      toast({ title: 'Login failed', description: errorMessage(err, 'Login failed'), variant: 'destructive' });
    },
  });
}

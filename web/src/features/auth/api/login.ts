import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, errorMessage } from '@/lib/api-client';
import type { User } from '@/lib/session';
import { toast } from '@/components/ui/use-toast';
import type { LoginValues } from '../schemas';
import { replaceSession } from './session-cache';

/** POST /api/login: username may be the username or the e-mail. */
export function login(credentials: LoginValues): Promise<User> {
  return apiFetch<User>('/api/login', { method: 'POST', body: credentials });
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

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, errorMessage } from '@/lib/api-client';
import type { User } from '@/lib/session';
import { toast } from '@/components/ui/use-toast';
import type { RegisterValues } from '../schemas';
import { replaceSession } from './session-cache';

export type RegisterInput = Omit<RegisterValues, 'confirmPassword'>;

/** POST /api/register (confirmPassword is not sent, docs/product.md#accounts-and-sessions). */
export function register({ username, email, password }: RegisterInput): Promise<User> {
  return apiFetch<User>('/api/register', { method: 'POST', body: { username, email, password } });
}

export function useRegister({ onSuccess }: { onSuccess?: (user: User) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => {
      replaceSession(queryClient, user);
      toast({ title: 'Welcome!', description: `Account created successfully. Welcome, ${user.username}!` });
      onSuccess?.(user);
    },
    onError: (err) => {
      toast({ title: 'Registration failed', description: errorMessage(err, 'Registration failed'), variant: 'destructive' });
    },
  });
}

import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { toast } from '@/components/ui/use-toast';
import type { ResetRequestValues } from '../schemas';

/** POST /api/password-reset-request: answers the same whether or not the address has an account. */
export function requestPasswordReset(values: ResetRequestValues): Promise<unknown> {
  return apiFetch('/api/password-reset-request', { method: 'POST', body: values });
}

export function useRequestPasswordReset({ onSuccess }: { onSuccess?: () => void } = {}) {
  return useMutation({
    mutationFn: requestPasswordReset,
    onSuccess: () => {
      toast({ title: 'Reset link sent', description: 'Check your email for password reset instructions.' });
      onSuccess?.();
    },
    onError: () => {
      toast({ title: 'Error', description: 'Failed to send reset email', variant: 'destructive' });
    },
  });
}

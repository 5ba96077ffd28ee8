import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { toast } from '@/components/ui/use-toast';

export type ResetConfirmInput = { token: string; newPassword: string };

/** POST /api/password-reset-confirm: the token works once, for 60 minutes. */
export function confirmPasswordReset(input: ResetConfirmInput): Promise<unknown> {
  return apiFetch('/api/password-reset-confirm', { method: 'POST', body: input });
}

export function useConfirmPasswordReset({ onSuccess }: { onSuccess?: () => void } = {}) {
  return useMutation({
    mutationFn: confirmPasswordReset,
    onSuccess: () => {
      toast({ title: 'Password reset successful', description: 'You can now log in with your new password.' });
      onSuccess?.();
    },
    onError: () => {
      toast({ title: 'Reset failed', description: 'Failed to reset password', variant: 'destructive' });
    },
  });
}

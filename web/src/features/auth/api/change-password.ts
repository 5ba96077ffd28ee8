import { useMutation } from '@tanstack/react-query';
import { apiFetch, errorMessage } from '@/lib/api-client';
import { toast } from '@/components/ui/use-toast';

export type ChangePasswordInput = { currentPassword: string; newPassword: string };

/** POST /api/user/password: every other session of the account ends. */
export function changePassword(input: ChangePasswordInput): Promise<unknown> {
  return apiFetch('/api/user/password', { method: 'POST', body: input });
}

export function useChangePassword({ onSuccess }: { onSuccess?: () => void } = {}) {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      toast({ title: 'Password changed', description: 'Your other devices have been signed out.' });
      onSuccess?.();
    },
    onError: (err) => {
      toast({ title: 'Password change failed', description: errorMessage(err, 'Failed to change password'), variant: 'destructive' });
    },
  });
}

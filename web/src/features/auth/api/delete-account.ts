import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { apiFetch, errorMessage } from '@/lib/api-client';
import { toast } from '@/components/ui/use-toast';
import { replaceSession } from './session-cache';

/** DELETE /api/user: checks the password, cancels a paid plan, removes every row of mine. */
export function deleteAccount(input: { password: string }): Promise<unknown> {
  return apiFetch('/api/user', { method: 'DELETE', body: input });
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      replaceSession(queryClient, null);
      toast({ title: 'Account deleted', description: 'Your account and all of its data have been deleted.' });
      navigate('/');
    },
    onError: (err) => {
      toast({ title: 'Deletion failed', description: errorMessage(err, 'Failed to delete your account'), variant: 'destructive' });
    },
  });
}

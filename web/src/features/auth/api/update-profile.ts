import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, errorMessage } from '@/lib/api-client';
import { USER_QUERY_KEY, type User } from '@/lib/session';
import { toast } from '@/components/ui/use-toast';

export type ProfileInput = { username?: string; email?: string; units?: User['units']; currentPassword?: string };

/** PATCH /api/user: change the username and/or e-mail (a new e-mail needs currentPassword). */
export function updateProfile(input: ProfileInput): Promise<User> {
  return apiFetch<User>('/api/user', { method: 'PATCH', body: input });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      queryClient.setQueryData(USER_QUERY_KEY, user);
      toast({ title: 'Profile updated', description: 'Your username and email are saved.' });
    },
    onError: (err) => {
      toast({ title: 'Update failed', description: errorMessage(err, 'Failed to update your profile'), variant: 'destructive' });
    },
  });
}

/** PATCH /api/user with the units alone (docs/product.md#units): saved as soon as chosen. */
export function useUpdateUnits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (units: User['units']) => updateProfile({ units }),
    onSuccess: (user) => {
      queryClient.setQueryData(USER_QUERY_KEY, user);
      toast({ title: 'Units saved', description: user.units === 'imperial' ? 'Loads in lb, distances in miles.' : 'Loads in kg, distances in km.' });
    },
    onError: (err) => {
      toast({ title: 'Update failed', description: errorMessage(err, 'Failed to update your units'), variant: 'destructive' });
    },
  });
}

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@/components/ui/button';
import type { User } from '@/lib/session';
import { useUpdateProfile } from '../api/update-profile';
import { profileSchema, type ProfileValues } from '../schemas';
import { FormError, InputField } from '@/components/ui/form-field';
import { applyServerErrors } from './server-errors';

/** Change the username and e-mail (only what changed is sent). */
export function ProfileDetailsForm({ user }: { user: User }) {
  const [formError, setFormError] = useState<string>();
  const form = useForm<ProfileValues>({ resolver: zodResolver(profileSchema), values: { username: user.username, email: user.email } });
  const { errors } = form.formState;
  const update = useUpdateProfile();

  const onSubmit = form.handleSubmit((values) => {
    setFormError(undefined);
    const changes: { username?: string; email?: string } = {};
    if (values.username !== user.username) changes.username = values.username;
    if (values.email !== user.email) changes.email = values.email;
    if (!changes.username && !changes.email) {
      setFormError('Nothing to save: change your username or email first.');
      return;
    }
    update.mutate(changes, { onError: (err) => setFormError(applyServerErrors(err, form.setError, ['username', 'email'])) });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Account details">
      <InputField label="Username" autoComplete="username" error={errors.username?.message} {...form.register('username')} />
      <InputField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
      <FormError message={formError} />
      <div>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}

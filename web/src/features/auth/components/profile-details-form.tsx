import { useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import type { User } from '@/lib/session';
import { useUpdateProfile, type ProfileInput } from '../api/update-profile';
import { profileSchema, type ProfileValues } from '../schemas';
import { FormError, InputField } from '@/components/ui/form-field';
import { useApiForm } from '@/components/ui/use-api-form';

const emailChanged = (email: string, user: User) => email.trim().toLowerCase() !== user.email;

/**
 * Change the username and e-mail (only what changed is sent). A new e-mail
 * needs the current password (the server ends old reset links with it), so
 * the password field shows once the e-mail differs.
 */
export function ProfileDetailsForm({ user }: { user: User }) {
  const { form, formError, setFormError, submit } = useApiForm<ProfileValues>({
    schema: profileSchema,
    values: { username: user.username, email: user.email, currentPassword: '' },
  });
  const { errors } = form.formState;
  const update = useUpdateProfile();
  const needsPassword = emailChanged(useWatch({ control: form.control, name: 'email' }) ?? '', user);

  const onSubmit = submit(async (values) => {
    const changes: ProfileInput = {};
    if (values.username !== user.username) changes.username = values.username;
    if (emailChanged(values.email, user)) {
      if (!values.currentPassword) {
        form.setError('currentPassword', { message: 'Enter your current password to change your email' });
        return;
      }
      changes.email = values.email;
      changes.currentPassword = values.currentPassword;
    }
    if (!changes.username && !changes.email) {
      setFormError('Nothing to save: change your username or email first.');
      return;
    }
    await update.mutateAsync(changes);
    form.resetField('currentPassword');
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Account details">
      <InputField label="Username" autoComplete="username" error={errors.username?.message} {...form.register('username')} />
      <InputField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
      {needsPassword && (
        <InputField
          label="Current Password"
          type="password"
          autoComplete="current-password"
          hint="Needed to change your email."
          error={errors.currentPassword?.message}
          {...form.register('currentPassword')}
        />
      )}
      <FormError message={formError} />
      <div>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}

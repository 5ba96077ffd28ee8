import { Button } from '@/components/ui/button';
import { useChangePassword } from '../api/change-password';
import { changePasswordSchema, type ChangePasswordValues } from '../schemas';
import { FormError, InputField } from '@/components/ui/form-field';
import { useApiForm } from '@/components/ui/use-api-form';

export function ChangePasswordForm() {
  const { form, formError, submit } = useApiForm<ChangePasswordValues>({
    schema: changePasswordSchema,
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const change = useChangePassword({ onSuccess: () => form.reset() });

  const onSubmit = submit(({ currentPassword, newPassword }) => change.mutateAsync({ currentPassword, newPassword }));

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Change password">
      <InputField
        label="Current Password"
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...form.register('currentPassword')}
      />
      <InputField label="New Password" type="password" autoComplete="new-password" error={errors.newPassword?.message} {...form.register('newPassword')} />
      <InputField
        label="Confirm New Password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
      <FormError message={formError} />
      <div>
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Changing...' : 'Change Password'}
        </Button>
      </div>
    </form>
  );
}

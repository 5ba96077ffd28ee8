import { Button } from '@/components/ui/button';
import { useConfirmPasswordReset } from '../api/confirm-password-reset';
import { resetConfirmSchema, type ResetConfirmValues } from '../schemas';
import { FormError, InputField } from '@/components/ui/form-field';
import { useApiForm } from '@/components/ui/use-api-form';

/** Step 2 of /password-reset: the token, the new password and its confirmation. */
export function ResetConfirmForm({ defaultToken, onDone }: { defaultToken: string; onDone: () => void }) {
  const { form, formError, submit } = useApiForm<ResetConfirmValues>({
    schema: resetConfirmSchema,
    defaultValues: { token: defaultToken, newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const confirm = useConfirmPasswordReset({ onSuccess: onDone });

  const onSubmit = submit(({ token, newPassword }) => confirm.mutateAsync({ token, newPassword }));

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Choose a new password">
      <InputField label="Reset Token" autoComplete="one-time-code" spellCheck={false} error={errors.token?.message} {...form.register('token')} />
      <InputField label="New Password" type="password" autoComplete="new-password" error={errors.newPassword?.message} {...form.register('newPassword')} />
      <InputField
        label="Confirm New Password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
      <FormError message={formError} />
      <Button type="submit" size="lg" disabled={confirm.isPending}>
        {confirm.isPending ? 'Resetting...' : 'Reset Password'}
      </Button>
    </form>
  );
}

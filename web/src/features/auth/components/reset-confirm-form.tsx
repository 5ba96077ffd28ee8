import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@/components/ui/button';
import { useConfirmPasswordReset } from '../api/confirm-password-reset';
import { resetConfirmSchema, type ResetConfirmValues } from '../schemas';
import { FormError, InputField } from '@/components/ui/form-field';
import { applyServerErrors } from './server-errors';

/** Step 2 of /password-reset: the token, the new password and its confirmation. */
export function ResetConfirmForm({ defaultToken, onDone }: { defaultToken: string; onDone: () => void }) {
  const [formError, setFormError] = useState<string>();
  const form = useForm<ResetConfirmValues>({
    resolver: zodResolver(resetConfirmSchema),
    defaultValues: { token: defaultToken, newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const confirm = useConfirmPasswordReset({ onSuccess: onDone });

  const onSubmit = form.handleSubmit(({ token, newPassword }) => {
    setFormError(undefined);
    confirm.mutate(
      { token, newPassword },
      { onError: (err) => setFormError(applyServerErrors(err, form.setError, ['token', 'newPassword'])) },
    );
  });

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

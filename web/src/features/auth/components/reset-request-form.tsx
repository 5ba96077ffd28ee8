import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@/components/ui/button';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { resetRequestSchema, type ResetRequestValues } from '../schemas';
import { FormError, InputField } from '@/components/ui/form-field';
import { applyServerErrors } from './server-errors';

/** Step 1 of /password-reset: the e-mail address. */
export function ResetRequestForm({ defaultEmail, onSent }: { defaultEmail: string; onSent: (email: string) => void }) {
  const [formError, setFormError] = useState<string>();
  const form = useForm<ResetRequestValues>({ resolver: zodResolver(resetRequestSchema), defaultValues: { email: defaultEmail } });
  const request = useRequestPasswordReset();

  const onSubmit = form.handleSubmit((values) => {
    setFormError(undefined);
    request.mutate(values, {
      onSuccess: () => onSent(values.email),
      onError: (err) => setFormError(applyServerErrors(err, form.setError, ['email'])),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Request a reset token">
      <InputField label="Email" type="email" autoComplete="email" error={form.formState.errors.email?.message} {...form.register('email')} />
      <FormError message={formError} />
      <Button type="submit" size="lg" disabled={request.isPending}>
        {request.isPending ? 'Sending...' : 'Send Reset Link'}
      </Button>
    </form>
  );
}

import { Button } from '@/components/ui/button';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { resetRequestSchema, type ResetRequestValues } from '../schemas';
import { FormError, InputField } from '@/components/ui/form-field';
import { useApiForm } from '@/components/ui/use-api-form';

/** Step 1 of /password-reset: the e-mail address. */
export function ResetRequestForm({ defaultEmail, onSent }: { defaultEmail: string; onSent: (email: string) => void }) {
  const { form, formError, submit } = useApiForm<ResetRequestValues>({ schema: resetRequestSchema, defaultValues: { email: defaultEmail } });
  const request = useRequestPasswordReset();

  const onSubmit = submit(async (values) => {
    await request.mutateAsync(values);
    onSent(values.email);
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

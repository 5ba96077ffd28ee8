import { Button } from '@/components/ui/button';
import type { User } from '@/lib/session';
import { useHydrated } from '@/lib/use-hydrated';
import { useRegister } from '../api/register';
import { registerSchema, type RegisterValues } from '../schemas';
import { FormError, InputField } from '@/components/ui/form-field';
import { useApiForm } from '@/components/ui/use-api-form';

export function RegisterForm({ onRegistered }: { onRegistered: (user: User) => void }) {
  const { form, formError, submit } = useApiForm<RegisterValues>({
    schema: registerSchema,
    defaultValues: { username: '', email: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const register = useRegister({ onSuccess: onRegistered });
  // Prerendered (/auth): disabled until React owns the form (docs/product.md#prerendered-pages).
  const hydrated = useHydrated();

  const onSubmit = submit(({ username, email, password }) => register.mutateAsync({ username, email, password }));

  return (
    <form onSubmit={onSubmit} method="post" noValidate aria-label="Sign Up">
      <fieldset disabled={!hydrated} className="grid min-w-0 gap-4">
        <InputField
          label="Username"
          autoComplete="username"
          hint="3-32 characters: letters, digits, _ . -"
          error={errors.username?.message}
          {...form.register('username')}
        />
        <InputField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
        <InputField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 6 characters"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <InputField
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <FormError message={formError} />
        <Button type="submit" size="lg" disabled={register.isPending}>
          {register.isPending ? 'Creating account...' : 'Create Account'}
        </Button>
      </fieldset>
    </form>
  );
}

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'wouter';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import type { User } from '@/lib/session';
import { useHydrated } from '@/lib/use-hydrated';
import { useLogin } from '../api/login';
import { loginSchema, type LoginValues } from '../schemas';
import { FormError, InputField } from '@/components/ui/form-field';
import { applyServerErrors } from './server-errors';

export function LoginForm({ onLoggedIn }: { onLoggedIn: (user: User) => void }) {
  const [formError, setFormError] = useState<string>();
  const form = useForm<LoginValues>({ resolver: zodResolver(loginSchema), defaultValues: { username: '', password: '' } });
  const { errors } = form.formState;
  const login = useLogin({ onSuccess: onLoggedIn });
  // Prerendered: disabled until React owns the form (docs/product.md#prerendered-pages).
  const hydrated = useHydrated();

  const onSubmit = form.handleSubmit((values) => {
    setFormError(undefined);
    login.mutate(values, {
      onError: (err) => setFormError(applyServerErrors(err, form.setError, ['username', 'password'])),
    });
  });

  return (
    <form onSubmit={onSubmit} method="post" noValidate aria-label="Login">
      <fieldset disabled={!hydrated} className="grid min-w-0 gap-4">
        <InputField label="Username or email" autoComplete="username" error={errors.username?.message} {...form.register('username')} />
        <InputField label="Password" type="password" autoComplete="current-password" error={errors.password?.message} {...form.register('password')} />
        <FormError message={formError} />
        <Button type="submit" size="lg" disabled={login.isPending}>
          {login.isPending ? 'Logging in...' : 'Login'}
        </Button>
        <p className="text-center text-sm">
          <Link href={paths.passwordReset} className="font-medium underline underline-offset-4 hover:text-accent-text">
            Forgot your password?
          </Link>
        </p>
      </fieldset>
    </form>
  );
}

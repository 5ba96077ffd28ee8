import { Link } from 'wouter';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import type { User } from '@/lib/session';
import { useHydrated } from '@/lib/use-hydrated';
import { useLogin } from '../api/login';
import { loginSchema, type LoginValues } from '../schemas';
import { FormError, InputField } from '@/components/ui/form-field';
import { useApiForm } from '@/components/ui/use-api-form';

export function LoginForm({ onLoggedIn }: { onLoggedIn: (user: User) => void }) {
  const { form, formError, submit } = useApiForm<LoginValues>({ schema: loginSchema, defaultValues: { username: '', password: '' } });
  const { errors } = form.formState;
  const login = useLogin({ onSuccess: onLoggedIn });
  // Prerendered: disabled until React owns the form (docs/product.md#prerendered-pages).
  const hydrated = useHydrated();

  const onSubmit = submit((values) => login.mutateAsync(values));

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

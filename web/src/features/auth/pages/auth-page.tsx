import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Dumbbell } from 'lucide-react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { AuthTabs, type AuthTab } from '../components/auth-tabs';
import { LoginForm } from '../components/login-form';
import { RegisterForm } from '../components/register-form';
import { safeNext } from '../schemas';

/** /auth: Login and Sign Up tabs. Signed-in visitors are sent on by the route guard. */
export default function AuthPage() {
  const search = useSearch();
  const params = new URLSearchParams(search);
  const [tab, setTab] = useState<AuthTab>(params.get('tab') === 'signup' ? 'signup' : 'login');
  const [, navigate] = useLocation();
  const next = safeNext(params.get('next'));
  const done = () => navigate(next, { replace: true });

  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-10 sm:py-16">
      <div className="mb-6 text-center">
        <Dumbbell className="mx-auto h-10 w-10 text-accent-text" aria-hidden="true" />
        <h1 className="mt-3 text-3xl font-black tracking-tight">{tab === 'login' ? 'Welcome back' : 'Join HYROX Training Hub'}</h1>
        <p className="mt-2 text-muted-foreground">
          {tab === 'login' ? 'Log in to keep training for race day.' : 'Create your free account and start training today.'}
        </p>
      </div>
      <Card>
        <CardHeader className="pb-0" />
        <CardContent>
          <AuthTabs value={tab} onChange={setTab}>
            {tab === 'login' ? <LoginForm onLoggedIn={done} /> : <RegisterForm onRegistered={done} />}
          </AuthTabs>
        </CardContent>
      </Card>
    </div>
  );
}

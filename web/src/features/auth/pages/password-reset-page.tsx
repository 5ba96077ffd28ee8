import { useEffect, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { ArrowLeft, KeyRound, Terminal } from 'lucide-react';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { useSiteInfo } from '@/lib/site';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { ResetConfirmForm } from '../components/reset-confirm-form';
import { ResetRequestForm } from '../components/reset-request-form';

/**
 * /password-reset: step 1 asks for the e-mail, step 2 for the token (from the
 * e-mail, or the server console in the demo) and the new password. A link
 * with ?token= opens step 2 with the token filled in.
 */
export default function PasswordResetPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const [linkToken] = useState(() => new URLSearchParams(search).get('token') ?? '');
  const [step, setStep] = useState<'email' | 'token'>(linkToken ? 'token' : 'email');
  const [email, setEmail] = useState('');
  // The demo note is true only while e-mails go to the server log (docs/product.md#navigation).
  const { data: site } = useSiteInfo();

  // Keep the token out of the address bar (history, screenshots, referrers).
  useEffect(() => {
    if (linkToken) window.history.replaceState(window.history.state, '', paths.passwordReset);
  }, [linkToken]);

  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-10 sm:py-16">
      <div className="mb-6 text-center">
        <KeyRound className="mx-auto h-10 w-10 text-accent-text" aria-hidden="true" />
        <h1 className="mt-3 text-3xl font-black tracking-tight">Reset Your Password</h1>
      </div>
      <Card>
        <CardHeader>
          <h2 className="text-lg leading-tight font-bold">{step === 'email' ? 'Step 1: Your email' : 'Step 2: Choose a new password'}</h2>
          <CardDescription>
            {step === 'email'
              ? "Enter your account's email address and we will send you a reset token."
              : email
                ? `Enter the reset token sent to ${email} and your new password.`
                : 'Enter your reset token and your new password.'}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {step === 'email' ? (
            <ResetRequestForm
              defaultEmail={email}
              onSent={(sentTo) => {
                setEmail(sentTo);
                setStep('token');
              }}
            />
          ) : (
            <>
              <ResetConfirmForm defaultToken={linkToken} onDone={() => navigate(paths.auth)} />
              <Button type="button" variant="outline" onClick={() => setStep('email')}>
                Use different email
              </Button>
            </>
          )}
          {site?.emailDelivery === 'log' && (
            <div className="flex gap-2 rounded-md border border-border bg-muted/60 p-3 text-sm text-muted-foreground" data-testid="demo-note">
              <Terminal className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
              <p>
                <span className="font-semibold text-foreground">Demo note:</span> without an e-mail server configured, the reset token appears in
                the server console.
              </p>
            </div>
          )}
        </CardContent>
      </Card>
      <p className="mt-6 text-center text-sm">
        <Link href={paths.auth} className="inline-flex items-center gap-1 font-medium underline underline-offset-4 hover:text-accent-text">
          <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to Login
        </Link>
      </p>
    </div>
  );
}

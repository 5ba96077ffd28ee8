import { useEffect, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { CheckCircle2, MailCheck, MailX } from 'lucide-react';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import { useConfirmNewsletter, useUnsubscribeNewsletter } from '../api/newsletter-links';

/**
 * The pages behind the newsletter's e-mailed links (docs/product.md#blog):
 * /newsletter/confirm?token= ends the double opt-in, /newsletter/unsubscribe?token=
 * unsubscribes. Each asks for a click (a mail scanner opening the link changes
 * nothing) and keeps the token out of the address bar once read.
 */
function NewsletterLinkPage({ kind }: { kind: 'confirm' | 'unsubscribe' }) {
  const search = useSearch();
  const [token] = useState(() => new URLSearchParams(search).get('token') ?? '');
  const confirm = useConfirmNewsletter();
  const unsubscribe = useUnsubscribeNewsletter();
  const mutation = kind === 'confirm' ? confirm : unsubscribe;
  const path = kind === 'confirm' ? paths.newsletterConfirm : paths.newsletterUnsubscribe;

  useEffect(() => {
    if (token) window.history.replaceState(window.history.state, '', path);
  }, [token, path]);

  const Icon = kind === 'confirm' ? MailCheck : MailX;
  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-10 sm:py-16">
      <div className="mb-6 text-center">
        <Icon className="mx-auto h-10 w-10 text-accent-text" aria-hidden="true" />
        <h1 className="mt-3 text-3xl font-black tracking-tight">{kind === 'confirm' ? 'Confirm your newsletter' : 'Unsubscribe from the newsletter'}</h1>
      </div>
      <Card>
        <CardHeader>
          <CardDescription>
            {kind === 'confirm'
              ? 'One click and new HYROX Training Hub articles and race prep tips arrive by e-mail. Every e-mail has a one-click unsubscribe.'
              : 'One click and no more newsletter e-mails go to this address.'}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {!token ? (
            <p role="alert" className="text-destructive">
              This link has no token. Open the link from the e-mail again.
            </p>
          ) : mutation.isSuccess ? (
            <p role="status" className="flex items-start gap-2 font-medium text-green-800 dark:text-green-300">
              <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
              {mutation.data.message}
            </p>
          ) : (
            <>
              <Button disabled={mutation.isPending} onClick={() => mutation.mutate(token)}>
                {kind === 'confirm'
                  ? mutation.isPending
                    ? 'Confirming...'
                    : 'Confirm subscription'
                  : mutation.isPending
                    ? 'Unsubscribing...'
                    : 'Unsubscribe'}
              </Button>
              {mutation.isError && (
                <p role="alert" className="font-medium text-destructive">
                  {errorMessage(mutation.error)}
                </p>
              )}
            </>
          )}
        </CardContent>
      </Card>
      <p className="mt-6 text-center text-sm">
        <Link href={paths.home} className="font-medium underline underline-offset-4 hover:text-accent-text">
          Back to HYROX Training Hub
        </Link>
      </p>
    </div>
  );
}

export function NewsletterConfirmPage() {
  return <NewsletterLinkPage kind="confirm" />;
}

export function NewsletterUnsubscribePage() {
  return <NewsletterLinkPage kind="unsubscribe" />;
}

import { useId } from 'react';
import { CheckCircle2, Mail } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useApiForm } from '@/components/ui/use-api-form';
import { useSubscribeNewsletter } from '../api/subscribe-newsletter';
import { newsletterSchema, type NewsletterValues } from '../schemas';

/**
 * The newsletter box: the server validates the address, stores it once and
 * e-mails a confirmation link (double opt-in, docs/product.md#blog); its
 * message is what we show, for success and for errors alike.
 */
export function NewsletterBox() {
  const { form, formError, setFormError, submit } = useApiForm<NewsletterValues>({ schema: newsletterSchema, defaultValues: { email: '' } });
  const mutation = useSubscribeNewsletter();
  const inputId = useId();
  const messageId = useId();
  const error = form.formState.errors.email?.message ?? formError;

  const onSubmit = submit(({ email }) => mutation.mutateAsync(email));

  return (
    <section aria-labelledby="newsletter-heading" className="rounded-2xl border border-border bg-card p-6 shadow-sm">
      <p className="inline-flex items-center gap-2 text-sm font-bold tracking-widest text-accent-text uppercase">
        <Mail className="h-4 w-4" aria-hidden="true" />
        Newsletter
      </p>
      <h2 id="newsletter-heading" className="mt-2 text-xl font-bold">
        Get new articles in your inbox
      </h2>
      <p className="mt-2 text-muted-foreground">
        One e-mail when a new article is out, with a race prep tip. No spam: you confirm your address first, and every e-mail unsubscribes in one click.
      </p>
      <form className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end" noValidate onSubmit={onSubmit}>
        <div className="flex flex-1 flex-col gap-2">
          <Label htmlFor={inputId}>Email address</Label>
          <Input
            id={inputId}
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            {...form.register('email', {
              onChange: () => {
                if (!error) return;
                form.clearErrors();
                setFormError(undefined);
                mutation.reset();
              },
            })}
            aria-invalid={error ? true : undefined}
            aria-describedby={mutation.isIdle ? undefined : messageId}
          />
        </div>
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? 'Subscribing...' : 'Subscribe'}
        </Button>
      </form>
      <div id={messageId} className="mt-3 min-h-6 text-sm" aria-live="polite">
        {mutation.isSuccess && (
          <p role="status" className="flex items-start gap-2 font-medium text-green-800 dark:text-green-300">
            <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            {mutation.data.message}
          </p>
        )}
        {error && (
          <p role="alert" className="font-medium text-destructive">
            {error}
          </p>
        )}
      </div>
    </section>
  );
}

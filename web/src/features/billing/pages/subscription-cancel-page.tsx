import { Link } from 'wouter';
import { HelpCircle, Mail, XCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { paths } from '@/app/paths';
import { useSupportEmail } from '@/lib/site';

export default function SubscriptionCancelPage() {
  const supportEmail = useSupportEmail();
  return (
    <div className="mx-auto max-w-2xl px-4 py-12 text-center">
      <XCircle className="mx-auto h-16 w-16 text-muted-foreground" aria-hidden="true" />
      <h1 className="mt-4 text-3xl font-black tracking-tight sm:text-4xl">Payment Cancelled</h1>
      <p className="mt-4 text-lg text-muted-foreground">
        Your payment was cancelled and no charge was made. Your account is safe and nothing has changed.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link href={paths.subscription}>Try Payment Again</Link>
        </Button>
        <Button asChild variant="outline">
          <Link href={paths.pricing}>Compare Plans</Link>
        </Button>
        <Button asChild variant="outline">
          <Link href={paths.community}>Continue with Free Plan</Link>
        </Button>
      </div>
      <div className="mt-10 rounded-xl border border-border bg-card p-6">
        <h2 className="text-lg font-bold">Need help?</h2>
        <p className="mt-2 text-sm text-muted-foreground">
          Questions about plans or payments? We are happy to help: write to{' '}
          <a className="underline" href={`mailto:${supportEmail}`}>
            {supportEmail}
          </a>
          .
        </p>
        <div className="mt-4 flex flex-wrap justify-center gap-3">
          <Button asChild variant="outline">
            <a href={`mailto:${supportEmail}?subject=${encodeURIComponent('Payment cancelled')}`} data-testid="contact-support">
              <Mail className="h-4 w-4" aria-hidden="true" /> Contact Support
            </a>
          </Button>
          <Button asChild variant="outline">
            <Link href={`${paths.pricing}#faq`}>
              <HelpCircle className="h-4 w-4" aria-hidden="true" /> View FAQ
            </Link>
          </Button>
        </div>
      </div>
      <Button asChild variant="ghost" className="mt-6">
        <Link href={paths.home}>Back to Home</Link>
      </Button>
    </div>
  );
}

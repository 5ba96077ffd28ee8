import { useEffect, useRef, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Clock } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/app/paths';
import { formatDate } from '@/lib/format';
import { SUBSCRIPTION_STATUS_KEY, useSubscriptionStatus } from '../api/get-subscription-status';
import { useTiers } from '../api/get-tiers';
import { refreshBilling } from '../api/invalidate';
import { FeatureList } from '../components/tier-card';
import { intervalOf, periodPriceCents, trialChargeLine } from '../components/plan-rules';

/** How long the page waits for the server to confirm the new plan, and how often it asks. */
export const CONFIRM_TIMEOUT_MS = 20_000;
const POLL_MS = 1_000;

/**
 * docs/billing-rules.md (success page): after a checkout (?plan=pro&kind=trial|payment)
 * the page polls the status until the server confirms that plan, and never
 * shows a tier the server has not confirmed; a trial is told apart from a payment.
 */
export default function SubscriptionSuccessPage() {
  const qc = useQueryClient();
  const search = new URLSearchParams(useSearch());
  const plan = search.get('plan');
  const kind = search.get('kind') === 'trial' ? 'trial' : 'payment';
  const { data: status, isPending } = useSubscriptionStatus();
  const { data: tiers } = useTiers();
  const [timedOut, setTimedOut] = useState(false);

  // Without ?plan= (Stripe's return after a confirmation step) any paid plan
  // the server reports trialing or active is the confirmation.
  const confirmed =
    !!status &&
    (plan
      ? status.subscriptionTier === plan && status.subscriptionStatus === (kind === 'trial' ? 'trialing' : 'active')
      : status.subscriptionTier !== 'basic' && ['trialing', 'active'].includes(status.subscriptionStatus ?? ''));

  useEffect(() => {
    void refreshBilling(qc);
  }, [qc]);

  // Ask again every second until the plan is confirmed or the time is up.
  useEffect(() => {
    if (confirmed || timedOut) return;
    const started = Date.now();
    const timer = window.setInterval(() => {
      if (Date.now() - started >= CONFIRM_TIMEOUT_MS) {
        setTimedOut(true);
        return;
      }
      void qc.invalidateQueries({ queryKey: SUBSCRIPTION_STATUS_KEY });
    }, POLL_MS);
    return () => window.clearInterval(timer);
  }, [confirmed, timedOut, qc]);

  const trial = status?.subscriptionStatus === 'trialing';
  const announced = useRef(false);
  useEffect(() => {
    if (!confirmed || announced.current) return;
    announced.current = true;
    if (trial) {
      toast({ title: 'Trial Started', description: 'Nothing was charged today.', duration: 5000 });
    } else {
      toast({ title: 'Payment Successful!', description: 'Your subscription has been activated successfully.', duration: 5000 });
    }
  }, [confirmed, trial]);

  if (isPending || !tiers || (!confirmed && !timedOut)) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center">
        <Spinner label="Confirming your payment..." showLabel />
      </div>
    );
  }
  if (!confirmed) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-12 text-center">
        <Clock className="mx-auto h-16 w-16 text-muted-foreground" aria-hidden="true" />
        <h1 className="mt-4 text-3xl font-black tracking-tight sm:text-4xl">Your payment is still being confirmed</h1>
        <p className="mt-4 text-muted-foreground">
          This can take a minute. Your plan changes as soon as the payment provider confirms it; check your subscription page in a
          moment.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button asChild>
            <Link href={paths.subscription}>Manage Subscription</Link>
          </Button>
          <Button asChild variant="ghost">
            <Link href={paths.home}>Back to Home</Link>
          </Button>
        </div>
      </div>
    );
  }
  const tier = tiers.find((t) => t.id === status?.subscriptionTier) ?? tiers[0];
  const paid = tier.id !== 'basic';
  const badge = trial ? 'Trialing' : status?.subscriptionStatus === 'active' ? 'Active' : null;
  return (
    <div className="mx-auto max-w-2xl px-4 py-12 text-center">
      <CheckCircle2 className="mx-auto h-16 w-16 text-green-700 dark:text-green-400" aria-hidden="true" />
      {trial && <p className="mt-4 text-lg font-bold" data-testid="trial-started">Trial started</p>}
      <h1 className="mt-4 text-3xl font-black tracking-tight sm:text-4xl">Welcome to HYROX {tier.name}!</h1>
      {trial && status?.trialEndsAt && (
        <p className="mt-2 text-muted-foreground">
          Your free trial runs until {formatDate(status.trialEndsAt)}. Nothing was charged today.{' '}
          <span data-testid="trial-charge">{trialChargeLine(periodPriceCents(tier, intervalOf(status, tier)), status.trialEndsAt)}</span>
        </p>
      )}
      <Card className="mt-8 text-left">
        <CardContent className="grid gap-4 pt-6">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-xl font-bold">{tier.name} Plan</p>
            {badge && <Badge variant={trial ? 'info' : 'success'}>{badge}</Badge>}
          </div>
          <FeatureList features={tier.features} />
        </CardContent>
      </Card>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link href={paths.training}>Start Training</Link>
        </Button>
        {paid && (
          <Button asChild variant="outline">
            <Link href={paths.nutrition}>Explore Nutrition Plans</Link>
          </Button>
        )}
        <Button asChild variant="outline">
          <Link href={paths.community}>Join the Community</Link>
        </Button>
      </div>
      <p className="mt-8 text-sm text-muted-foreground">
        You can change or cancel your plan any time in your{' '}
        <Link className="underline" href={paths.subscription}>
          subscription settings
        </Link>
        .
      </p>
      <div className="mt-4 flex flex-wrap justify-center gap-3">
        <Button asChild variant="ghost">
          <Link href={paths.subscription}>Manage Subscription</Link>
        </Button>
        <Button asChild variant="ghost">
          <Link href={paths.home}>Back to Home</Link>
        </Button>
      </div>
    </div>
  );
}

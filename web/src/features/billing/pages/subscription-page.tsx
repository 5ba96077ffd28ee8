import { useEffect, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useQueryClient } from '@tanstack/react-query';
import { CalendarClock, Check, Crown, Star } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/app/paths';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { cn } from '@/lib/cn';
import { usePaymentConfig } from '../api/get-config';
import { useSubscriptionStatus } from '../api/get-subscription-status';
import { useTiers } from '../api/get-tiers';
import { refreshBilling } from '../api/invalidate';
import { useCancelSubscription, useCreateSubscription, useUpdateSubscription } from '../api/subscription-mutations';
import type { CatalogueTier } from '../api/types';
import { CardForm } from '../components/card-form';
import { IntervalSwitch } from '../components/interval-switch';
import { dollars, priceIdFor, SUPPORT_EMAIL, type Interval } from '../components/plan-price';
import { actionLabel, canCancel, hasLiveSubscription } from '../components/plan-rules';

type Pending = { tier: CatalogueTier; clientSecret: string; kind: 'payment' | 'setup' };

export default function SubscriptionPage() {
  const qc = useQueryClient();
  const [, navigate] = useLocation();
  const search = useSearch();
  const [interval, setInterval] = useState<Interval>('month');
  const [changing, setChanging] = useState<string | null>(null);
  const [payment, setPayment] = useState<Pending | null>(null);
  const { data: tiers, isPending: tiersPending } = useTiers();
  const { data: config } = usePaymentConfig();
  const { data: status, isPending: statusPending } = useSubscriptionStatus();
  const create = useCreateSubscription();
  const update = useUpdateSubscription();
  const cancel = useCancelSubscription();

  // ?success=true / ?cancelled=true / ?error= : a toast, then the address is cleared.
  useEffect(() => {
    const q = new URLSearchParams(search);
    if (q.get('success') === 'true') {
      toast({ title: 'Payment Successful! 🎉', description: 'Your subscription has been activated successfully.' });
      void refreshBilling(qc);
    } else if (q.get('cancelled') === 'true') {
      toast({ title: 'Payment Cancelled', description: 'No worries! You can try again anytime.' });
    } else if (q.get('error')) {
      toast({ title: 'Payment Error', description: q.get('error') ?? '', variant: 'destructive' });
    } else {
      return;
    }
    navigate(paths.subscription, { replace: true });
  }, [search, navigate, qc]);

  const currentTier = (status?.subscriptionTier ?? 'basic').toLowerCase();
  const current = tiers?.find((t) => t.id === currentTier);
  const trialDays = config?.trialDays ?? 7;

  async function choose(tier: CatalogueTier) {
    if (!status) {
      toast({ title: 'Loading Subscription Status', description: 'Please wait a moment and try again.' });
      return;
    }
    if (config?.provider === 'none') {
      toast({ title: 'Payment Not Available', description: 'Payment processing is not configured. Please contact support.', variant: 'destructive' });
      return;
    }
    setChanging(tier.id);
    try {
      if (tier.id === 'basic') {
        await cancel.mutateAsync();
        toast({ title: 'Subscription Canceled', description: 'Your subscription will end at the current billing period.' });
        return;
      }
      const priceId = priceIdFor(tier, interval) ?? '';
      if (hasLiveSubscription(status)) {
        try {
          const res = await update.mutateAsync({ newPriceId: priceId, newTier: tier.id });
          if (res.clientSecret) {
            setPayment({ tier, clientSecret: res.clientSecret, kind: 'payment' });
          } else {
            toast({ title: 'Subscription Updated', description: `You are now on the ${tier.name} plan.` });
          }
        } catch (err) {
          toast({ title: 'Update Failed', description: errorMessage(err), variant: 'destructive' });
        }
        return;
      }
      try {
        const res = await create.mutateAsync({ priceId, tier: tier.id });
        setPayment({ tier, clientSecret: res.clientSecret, kind: res.type });
      } catch (err) {
        toast({ title: 'Subscription Error', description: errorMessage(err, 'Failed to create subscription'), variant: 'destructive' });
      }
    } catch (err) {
      toast({ title: 'Cancellation Failed', description: errorMessage(err), variant: 'destructive' });
    } finally {
      setChanging(null);
    }
  }

  async function cancelCurrent() {
    try {
      await cancel.mutateAsync();
      toast({ title: 'Subscription Canceled', description: 'Your subscription will end at the current billing period.' });
    } catch (err) {
      toast({ title: 'Cancellation Failed', description: errorMessage(err), variant: 'destructive' });
    }
  }

  async function paid() {
    const tier = payment?.tier;
    setPayment(null);
    await refreshBilling(qc);
    toast({ title: 'Payment Successful', description: `Welcome to HYROX ${tier?.name ?? ''}!` });
    navigate(paths.subscriptionSuccess);
  }

  const expires = status?.subscriptionExpiresAt ? formatDate(status.subscriptionExpiresAt) : null;

  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <header className="text-center">
        <h1 className="text-4xl font-black tracking-tight">Choose Your Plan</h1>
        <p className="mt-3 text-lg text-muted-foreground">Upgrade, change or cancel your HYROX training subscription.</p>
        <div className="mt-4 flex flex-wrap items-center justify-center gap-2" data-testid="current-plan">
          {statusPending ? (
            <Skeleton className="h-6 w-40" />
          ) : (
            <>
              <Badge variant="primary">
                <Crown className="h-3 w-3" aria-hidden="true" /> Current plan: {current?.name ?? 'Basic'}
              </Badge>
              {status?.subscriptionStatus && hasLiveSubscription(status) && (
                <Badge variant="outline">{status.subscriptionStatus === 'trialing' ? 'Free trial' : status.subscriptionStatus.replace('_', ' ')}</Badge>
              )}
              {expires && hasLiveSubscription(status) && (
                <Badge variant={status?.cancelAtPeriodEnd ? 'warning' : 'info'} data-testid="expiry-badge">
                  <CalendarClock className="h-3 w-3" aria-hidden="true" />
                  {status?.cancelAtPeriodEnd ? `Ends ${expires}` : `Renews ${expires}`}
                </Badge>
              )}
            </>
          )}
        </div>
      </header>

      <div className="mt-8">
        <IntervalSwitch value={interval} onChange={setInterval} />
      </div>

      {/* The payment form's and plan cards' titles are h3s: this keeps the outline h1 > h2 > h3. */}
      <h2 className="sr-only">Plans</h2>
      {payment && (
        <section aria-labelledby="payment-heading" className="mx-auto mt-8 max-w-lg">
          <Card>
            <CardHeader>
              <CardTitle id="payment-heading">
                {payment.kind === 'setup' ? `Start your ${trialDays}-day free trial of ${payment.tier.name}` : `Pay for ${payment.tier.name}`}
              </CardTitle>
              <CardDescription>
                {payment.kind === 'setup'
                  ? 'Add a card for after the trial. Nothing is charged today.'
                  : 'Enter your card to complete the payment.'}
              </CardDescription>
            </CardHeader>
            <CardContent>
              <CardForm
                kind={payment.kind}
                clientSecret={payment.clientSecret}
                submitLabel={payment.kind === 'setup' ? 'Start Free Trial' : 'Pay Now'}
                pendingLabel="Processing..."
                onSuccess={paid}
                onCancel={() => setPayment(null)}
              />
            </CardContent>
          </Card>
        </section>
      )}

      <div className="mt-10 grid gap-6 md:grid-cols-3">
        {tiersPending && [0, 1, 2].map((i) => <Skeleton key={i} className="h-96 rounded-xl" />)}
        {tiers?.map((t) => {
          const isCurrent = t.id === currentTier;
          const cents = interval === 'year' ? t.annualPriceCents : t.priceCents;
          const pending = changing === t.id;
          let button;
          if (isCurrent) {
            button = (
              <Button className="w-full" disabled>
                {t.id === 'basic' ? 'Free Plan' : 'Current Plan'}
              </Button>
            );
          } else if (t.id === 'basic') {
            button = (
              <Button className="w-full" variant="outline" disabled={pending || status?.cancelAtPeriodEnd} onClick={() => choose(t)}>
                {pending ? 'Processing...' : 'Downgrade to Basic'}
              </Button>
            );
          } else if (!t.available || !priceIdFor(t, interval)) {
            button = (
              <Button className="w-full" disabled>
                Unavailable
              </Button>
            );
          } else {
            button = (
              <Button className="w-full" variant={t.recommended ? 'primary' : 'outline'} disabled={pending || changing !== null} onClick={() => choose(t)}>
                {pending ? 'Processing...' : `${actionLabel(current, t)} to ${t.name}`}
              </Button>
            );
          }
          return (
            <Card
              key={t.id}
              data-testid={`plan-${t.id}`}
              className={cn('flex flex-col', isCurrent && 'border-2 border-primary ring-4 ring-primary/20')}
            >
              <CardHeader>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <CardTitle className="text-2xl">{t.name}</CardTitle>
                  <div className="flex gap-1">
                    {isCurrent && <Badge variant="success">Current Plan</Badge>}
                    {t.recommended && (
                      <Badge variant="primary">
                        <Star className="h-3 w-3" aria-hidden="true" /> Recommended
                      </Badge>
                    )}
                  </div>
                </div>
                <CardDescription>{t.description}</CardDescription>
                <p className="mt-2">
                  <span className="text-4xl font-black">{dollars(cents)}</span>
                  <span className="text-muted-foreground">/{interval === 'year' ? 'year' : 'month'}</span>
                </p>
              </CardHeader>
              <CardContent className="flex-1">
                <ul className="grid gap-2">
                  {t.features.map((f) => (
                    <li key={f} className="flex items-start gap-2 text-sm">
                      <Check className="mt-0.5 h-4 w-4 shrink-0 text-green-700 dark:text-green-400" aria-hidden="true" />
                      {f}
                    </li>
                  ))}
                </ul>
              </CardContent>
              <CardFooter className="flex-col">
                {button}
                {isCurrent && t.id !== 'basic' && canCancel(status) && (
                  <Button className="w-full" variant="ghost" disabled={cancel.isPending} onClick={cancelCurrent}>
                    {cancel.isPending ? 'Canceling...' : 'Cancel Subscription'}
                  </Button>
                )}
              </CardFooter>
            </Card>
          );
        })}
      </div>

      <div className="mt-10 grid gap-1 text-center text-sm text-muted-foreground">
        <p>All plans include a {trialDays}-day free trial.</p>
        <p>Cancel anytime, no hidden fees.</p>
        <p>
          Questions? Write to <a className="underline" href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
        </p>
        <p className="mt-2 flex flex-wrap justify-center gap-4">
          <Link className="underline" href={paths.paymentMethods}>
            Payment Methods
          </Link>
          <Link className="underline" href={paths.billingHistory}>
            Billing History
          </Link>
        </p>
      </div>
    </div>
  );
}

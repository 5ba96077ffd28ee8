import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useQueryClient } from '@tanstack/react-query';
import { CalendarClock, Crown } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/app/paths';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatMoney } from '@/lib/format';
import { usePaymentConfig } from '../api/get-config';
import { useSubscriptionStatus } from '../api/get-subscription-status';
import { CreditBalanceNote } from '../components/credit-balance';
import { useTiers } from '../api/get-tiers';
import { refreshBilling } from '../api/invalidate';
import {
  useCancelSubscription,
  useCreateSubscription,
  usePreviewSubscriptionChange,
  useResumeSubscription,
  useUpdateSubscription,
} from '../api/subscription-mutations';
import type { CatalogueTier, ChangePreview } from '../api/types';
import { CardForm } from '../components/card-form';
import { IntervalSwitch } from '../components/interval-switch';
import { priceIdFor, type Interval } from '../components/plan-price';
import { useSupportEmail } from '@/lib/site';
import {
  actionLabel,
  canCancel,
  canResume,
  hasLiveSubscription,
  intervalOf,
  periodPriceCents,
  planRelation,
  trialChargeLine,
} from '../components/plan-rules';
import { TierCard } from '../components/tier-card';

type Pending = { tier: CatalogueTier; clientSecret: string; kind: 'payment' | 'setup'; trialEndsAt?: string | null };
type PendingChange = { tier: CatalogueTier; priceId: string; preview: ChangePreview };

export default function SubscriptionPage() {
  const qc = useQueryClient();
  const [, navigate] = useLocation();
  const search = useSearch();
  // ?plan=&interval= (the trial path from /pricing, docs/product.md#navigation) opens that plan's step once.
  const [wanted] = useState(() => {
    const q = new URLSearchParams(search);
    return { plan: q.get('plan'), interval: (q.get('interval') === 'year' ? 'year' : 'month') as Interval };
  });
  const [interval, setInterval] = useState<Interval>(wanted.interval);
  const startedWanted = useRef(false);
  const [changing, setChanging] = useState<string | null>(null);
  const [payment, setPayment] = useState<Pending | null>(null);
  const [changeTo, setChangeTo] = useState<PendingChange | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const { data: tiers, isPending: tiersPending } = useTiers();
  const { data: config } = usePaymentConfig();
  const { data: status, isPending: statusPending } = useSubscriptionStatus();
  const create = useCreateSubscription();
  const update = useUpdateSubscription();
  const cancel = useCancelSubscription();
  const resume = useResumeSubscription();
  const previewChange = usePreviewSubscriptionChange();
  const supportEmail = useSupportEmail();

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

  useEffect(() => {
    if (startedWanted.current || !wanted.plan || !tiers || !status || !config) return;
    startedWanted.current = true;
    navigate(paths.subscription, { replace: true });
    const tier = tiers.find((t) => t.id === wanted.plan);
    const currentId = (status.subscriptionTier ?? 'basic').toLowerCase();
    if (!tier || tier.id === 'basic' || tier.id === currentId || !tier.available || !priceIdFor(tier, interval)) return;
    void choose(tier);
    // choose reads the state of this render; it runs once, when everything it needs has loaded.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted, tiers, status, config]);

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
    if (tier.id === 'basic') {
      setConfirmCancel(true); // docs/billing-rules.md: cancel asks for a confirmation
      return;
    }
    setChanging(tier.id);
    const priceId = priceIdFor(tier, interval) ?? '';
    try {
      if (hasLiveSubscription(status)) {
        // docs/billing-rules.md: a change shows what it costs before it is made.
        const preview = await previewChange.mutateAsync({ newPriceId: priceId, newTier: tier.id });
        setChangeTo({ tier, priceId, preview });
        return;
      }
      const res = await create.mutateAsync({ priceId, tier: tier.id });
      setPayment({ tier, clientSecret: res.clientSecret, kind: res.type, trialEndsAt: res.trialEndsAt });
    } catch (err) {
      toast({ title: 'Subscription Error', description: errorMessage(err, 'Failed to create subscription'), variant: 'destructive' });
    } finally {
      setChanging(null);
    }
  }

  async function confirmChange() {
    if (!changeTo) return;
    const { tier, priceId } = changeTo;
    try {
      const res = await update.mutateAsync({ newPriceId: priceId, newTier: tier.id });
      setChangeTo(null);
      if (res.clientSecret) {
        setPayment({ tier, clientSecret: res.clientSecret, kind: 'payment' });
      } else {
        toast({ title: 'Subscription Updated', description: `You are now on the ${tier.name} plan.` });
      }
    } catch (err) {
      setChangeTo(null);
      toast({ title: 'Update Failed', description: errorMessage(err), variant: 'destructive' });
    }
  }

  async function cancelCurrent() {
    try {
      await cancel.mutateAsync();
      toast({ title: 'Subscription Canceled', description: 'Your subscription will end at the current billing period.' });
    } catch (err) {
      toast({ title: 'Cancellation Failed', description: errorMessage(err), variant: 'destructive' });
    } finally {
      setConfirmCancel(false);
    }
  }

  async function resumeCurrent() {
    try {
      const st = await resume.mutateAsync();
      const renews = st.subscriptionExpiresAt ? ` It renews on ${formatDate(st.subscriptionExpiresAt)}.` : '';
      toast({ title: 'Subscription Resumed', description: `Your subscription will continue.${renews}` });
    } catch (err) {
      toast({ title: 'Resume Failed', description: errorMessage(err), variant: 'destructive' });
    }
  }

  async function paid() {
    if (!payment) return;
    const { tier, kind } = payment;
    setPayment(null);
    await refreshBilling(qc);
    // The success page waits until the server confirms this plan.
    navigate(`${paths.subscriptionSuccess}?plan=${tier.id}&kind=${kind === 'setup' ? 'trial' : 'payment'}`);
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
              {status?.grantedTier && (
                <Badge variant="info" data-testid="granted-badge">
                  Granted
                </Badge>
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
        {status?.subscriptionStatus === 'trialing' && !status.cancelAtPeriodEnd && status.trialEndsAt && current && (
          <p className="mt-3 text-sm text-muted-foreground" data-testid="trial-charge">
            {trialChargeLine(periodPriceCents(current, intervalOf(status, current)), status.trialEndsAt)}
          </p>
        )}
        <CreditBalanceNote credit={status?.creditBalance} className="mx-auto mt-4 max-w-xl text-left" />
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
                  ? `Add a card for after the trial. Nothing is charged today.${
                      payment.trialEndsAt ? ` ${trialChargeLine(periodPriceCents(payment.tier, interval), payment.trialEndsAt)}` : ''
                    }`
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
          const ownTier = t.id === currentTier;
          const relation = planRelation(status, t, interval);
          const isCurrent = relation === 'current';
          const pending = changing === t.id;
          let button;
          if (relation === 'switch') {
            button = (
              <Button className="w-full" variant="outline" disabled={pending || changing !== null} onClick={() => choose(t)}>
                {pending ? 'Processing...' : interval === 'year' ? 'Switch to Annual Billing' : 'Switch to Monthly Billing'}
              </Button>
            );
          } else if (isCurrent) {
            button = (
              <Button className="w-full" disabled>
                {t.id === 'basic' ? 'Free Plan' : 'Current Plan'}
              </Button>
            );
          } else if (t.id === 'basic') {
            button = (
              <Button
                className="w-full"
                variant="outline"
                disabled={pending || status?.cancelAtPeriodEnd || !hasLiveSubscription(status)}
                onClick={() => choose(t)}
              >
                Downgrade to Basic
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
          const granted = isCurrent && status?.grantedTier === t.id;
          return (
            <TierCard
              key={t.id}
              tier={t}
              interval={interval}
              current={isCurrent}
              testId={`plan-${t.id}`}
              badges={granted && <Badge variant="info">Granted</Badge>}
            >
              {button}
              {ownTier && t.id !== 'basic' && canCancel(status) && (
                <Button className="w-full" variant="ghost" disabled={cancel.isPending} onClick={() => setConfirmCancel(true)}>
                  Cancel Subscription
                </Button>
              )}
              {ownTier && t.id !== 'basic' && canResume(status) && (
                <Button className="w-full" variant="outline" disabled={resume.isPending} onClick={resumeCurrent}>
                  {resume.isPending ? 'Resuming...' : 'Resume Subscription'}
                </Button>
              )}
            </TierCard>
          );
        })}
      </div>

      <Dialog open={!!changeTo} onOpenChange={(open) => !open && !update.isPending && setChangeTo(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Change to {changeTo?.tier.name}</DialogTitle>
            <DialogDescription>
              {changeTo?.preview.endsTrial
                ? 'This change ends your free trial: the new plan is charged today.'
                : 'Your plan changes as soon as you confirm; unused time on your current plan is credited.'}
            </DialogDescription>
          </DialogHeader>
          {changeTo && (
            <dl className="grid grid-cols-[1fr_auto] gap-2 text-sm" data-testid="change-preview">
              <dt>Due today</dt>
              <dd className="text-right font-bold" data-testid="preview-due-today">
                {formatMoney(changeTo.preview.amountDueToday, changeTo.preview.currency)}
              </dd>
              <dt>Next renewal, {formatDate(changeTo.preview.nextRenewalAt)}</dt>
              <dd className="text-right font-bold" data-testid="preview-next-renewal">
                {formatMoney(changeTo.preview.nextRenewalAmount, changeTo.preview.currency)}
              </dd>
              {changeTo.preview.creditBalance > 0 && (
                <>
                  <dd className="col-span-2 text-muted-foreground" data-testid="preview-credit">
                    {`${formatMoney(changeTo.preview.nextRenewalPrice, changeTo.preview.currency)} less ${formatMoney(
                      changeTo.preview.nextRenewalPrice - changeTo.preview.nextRenewalAmount,
                      changeTo.preview.currency,
                    )} of credit from unused time.`}
                  </dd>
                  <dt>Credit left after that renewal</dt>
                  <dd className="text-right" data-testid="preview-credit-left">
                    {formatMoney(changeTo.preview.creditAfterRenewal, changeTo.preview.currency)}
                  </dd>
                </>
              )}
            </dl>
          )}
          <DialogFooter>
            <Button variant="outline" disabled={update.isPending} onClick={() => setChangeTo(null)}>
              Keep Current Plan
            </Button>
            <Button disabled={update.isPending} onClick={confirmChange}>
              {update.isPending ? 'Processing...' : 'Confirm Change'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>

      <Dialog open={confirmCancel} onOpenChange={(open) => !open && !cancel.isPending && setConfirmCancel(false)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Cancel Subscription</DialogTitle>
            <DialogDescription>
              {`You keep ${current?.name ?? 'your plan'} until ${expires ?? 'the end of the billing period'}, then move to the free Basic plan. You can resume until then.`}
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" disabled={cancel.isPending} onClick={() => setConfirmCancel(false)}>
              Keep Subscription
            </Button>
            <Button variant="destructive" disabled={cancel.isPending} onClick={cancelCurrent}>
              {cancel.isPending ? 'Canceling...' : 'Confirm Cancellation'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>

      <div className="mt-10 grid gap-1 text-center text-sm text-muted-foreground">
        {status?.trialAvailable && <p>Your first paid plan starts with a {trialDays}-day free trial.</p>}
        <p>Cancel anytime, no hidden fees.</p>
        <p>
          Questions? Write to <a className="underline" href={`mailto:${supportEmail}`}>{supportEmail}</a>.
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

import type { CatalogueTier, SubscriptionStatus } from '../api/types';
import { formatDate, formatMoney } from '@/lib/format';
import { priceIdFor, type Interval } from './plan-price';

/** A provider subscription that update-subscription can change (docs/product.md#billing). */
export function hasLiveSubscription(s: SubscriptionStatus | undefined): boolean {
  return !!s?.stripeSubscriptionId && ['active', 'trialing', 'past_due'].includes(s.subscriptionStatus ?? '');
}

/** The 'Cancel Subscription' rule: a paid, active or trialing subscription not already set to cancel. */
export function canCancel(s: SubscriptionStatus | undefined): boolean {
  return !!s && ['active', 'trialing'].includes(s.subscriptionStatus ?? '') && !s.cancelAtPeriodEnd && s.subscriptionTier !== 'basic';
}

/** A subscription set to cancel can be resumed until its period ends (docs/billing-rules.md: changes). */
export function canResume(s: SubscriptionStatus | undefined): boolean {
  return !!s && ['active', 'trialing'].includes(s.subscriptionStatus ?? '') && s.cancelAtPeriodEnd;
}

/** Upgrade if the target price is above the current one, Downgrade if lower, else Change. */
export function actionLabel(current: CatalogueTier | undefined, target: CatalogueTier): 'Upgrade' | 'Downgrade' | 'Change' {
  const from = current?.priceCents ?? 0;
  if (target.priceCents > from) return 'Upgrade';
  if (target.priceCents < from) return 'Downgrade';
  return 'Change';
}

/**
 * What a tier card is to the signed-in athlete at the interval shown: their own
 * plan ('current'), their own tier billed at the other interval ('switch', so a
 * monthly subscriber can move to annual and back), or another plan. A plan
 * without a provider price (Basic, an operator grant) is current at both.
 */
export function planRelation(
  s: SubscriptionStatus | undefined,
  tier: CatalogueTier,
  interval: Interval,
): 'current' | 'switch' | 'other' {
  const currentTier = (s?.subscriptionTier ?? 'basic').toLowerCase();
  if (tier.id !== currentTier) return 'other';
  if (tier.id === 'basic' || !s?.priceId || !hasLiveSubscription(s)) return 'current';
  return s.priceId === priceIdFor(tier, interval) ? 'current' : 'switch';
}

/** What a tier costs a period at an interval, in cents. */
export function periodPriceCents(tier: CatalogueTier, interval: Interval): number {
  return interval === 'year' ? tier.annualPriceCents : tier.priceCents;
}

/** The interval of a subscription's price, from the catalogue. */
export function intervalOf(s: SubscriptionStatus | undefined, tier: CatalogueTier): Interval {
  return s?.priceId && s.priceId === tier.annualPriceId ? 'year' : 'month';
}

/**
 * The line a free trial is started and shown with, as card-network rules for
 * trials expect: the amount and the date of the first charge
 * (docs/billing-rules.md#trial).
 */
export function trialChargeLine(amountCents: number, chargeDate: string | number | Date): string {
  return `${formatMoney(amountCents, 'usd')} will be charged on ${formatDate(chargeDate)} unless you cancel before.`;
}

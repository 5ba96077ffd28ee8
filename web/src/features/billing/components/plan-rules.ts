import type { CatalogueTier, SubscriptionStatus } from '../api/types';

/** A provider subscription that update-subscription can change (docs/product.md#billing). */
export function hasLiveSubscription(s: SubscriptionStatus | undefined): boolean {
  return !!s?.stripeSubscriptionId && ['active', 'trialing', 'past_due'].includes(s.subscriptionStatus ?? '');
}

/** The 'Cancel Subscription' rule: a paid, active or trialing subscription not already set to cancel. */
export function canCancel(s: SubscriptionStatus | undefined): boolean {
  return !!s && ['active', 'trialing'].includes(s.subscriptionStatus ?? '') && !s.cancelAtPeriodEnd && s.subscriptionTier !== 'basic';
}

/** Upgrade if the target price is above the current one, Downgrade if lower, else Change. */
export function actionLabel(current: CatalogueTier | undefined, target: CatalogueTier): 'Upgrade' | 'Downgrade' | 'Change' {
  const from = current?.priceCents ?? 0;
  if (target.priceCents > from) return 'Upgrade';
  if (target.priceCents < from) return 'Downgrade';
  return 'Change';
}

import { describe, expect, it } from 'vitest';
import { cardBrand, checkCard, formatCardNumber, formatExpiry, luhn } from './sandbox-card';
import { actionLabel, canCancel, hasLiveSubscription } from './plan-rules';
import type { CatalogueTier, SubscriptionStatus } from '../api/types';

const now = new Date(2026, 2, 15);

describe('sandbox card field', () => {
  it('formats and recognises test cards', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatExpiry('1234')).toBe('12 / 34');
    expect(formatExpiry('3')).toBe('03 / ');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(luhn('4242424242424242')).toBe(true);
    expect(luhn('4242424242424241')).toBe(false);
  });

  it("reports Stripe's messages until complete", () => {
    expect(checkCard('', '', '', now).error).toBe('Your card number is incomplete.');
    expect(checkCard('4242 4242 4242 4241', '', '', now)).toMatchObject({ error: 'Your card number is invalid.', hardError: true });
    expect(checkCard('4242 4242 4242 4242', '12 / ', '', now).error).toBe("Your card's expiration date is incomplete.");
    expect(checkCard('4242 4242 4242 4242', '01 / 26', '123', now).error).toBe("Your card's expiration year is in the past.");
    expect(checkCard('4242 4242 4242 4242', '12 / 34', '12', now).error).toBe("Your card's security code is incomplete.");
    const ok = checkCard('4242 4242 4242 4242', '12 / 34', '123', now);
    expect(ok.complete).toBe(true);
    expect(ok.card).toEqual({ number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' });
    expect(checkCard('3782 822463 10005', '12 / 34', '123', now).complete).toBe(false);
  });
});

const tier = (id: 'basic' | 'pro' | 'elite', priceCents: number) => ({ id, priceCents }) as CatalogueTier;
const status = (s: Partial<SubscriptionStatus>): SubscriptionStatus => ({
  subscriptionTier: 'pro',
  subscriptionStatus: 'active',
  subscriptionExpiresAt: null,
  cancelAtPeriodEnd: false,
  stripeSubscriptionId: 'sub_1',
  ...s,
});

describe('plan rules', () => {
  it('labels Upgrade, Downgrade or Change by price', () => {
    expect(actionLabel(tier('basic', 0), tier('pro', 1900))).toBe('Upgrade');
    expect(actionLabel(tier('elite', 3900), tier('pro', 1900))).toBe('Downgrade');
    expect(actionLabel(tier('pro', 1900), tier('pro', 1900))).toBe('Change');
    expect(actionLabel(undefined, tier('pro', 1900))).toBe('Upgrade');
  });

  it('shows Cancel Subscription only for a paid active or trialing plan not already cancelling', () => {
    expect(canCancel(status({}))).toBe(true);
    expect(canCancel(status({ subscriptionStatus: 'trialing' }))).toBe(true);
    expect(canCancel(status({ cancelAtPeriodEnd: true }))).toBe(false);
    expect(canCancel(status({ subscriptionStatus: 'past_due' }))).toBe(false);
    expect(canCancel(status({ subscriptionTier: 'basic', subscriptionStatus: 'canceled' }))).toBe(false);
  });

  it('updates a live subscription, creates otherwise', () => {
    expect(hasLiveSubscription(status({}))).toBe(true);
    expect(hasLiveSubscription(status({ subscriptionStatus: 'canceled' }))).toBe(false);
    expect(hasLiveSubscription(status({ subscriptionStatus: 'incomplete' }))).toBe(false);
    expect(hasLiveSubscription(undefined)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { intervalOf, periodPriceCents, planRelation, trialChargeLine } from './plan-rules';
import type { CatalogueTier, SubscriptionStatus } from '../api/types';

const elite = {
  id: 'elite',
  name: 'Elite',
  priceCents: 3900,
  annualPriceCents: 35100,
  priceId: 'price_elite_monthly',
  annualPriceId: 'price_elite_annual',
} as CatalogueTier;
const basic = { id: 'basic', name: 'Basic', priceCents: 0, annualPriceCents: 0 } as CatalogueTier;
const status = (s: Partial<SubscriptionStatus>): SubscriptionStatus => ({
  subscriptionTier: 'elite',
  subscriptionStatus: 'active',
  subscriptionExpiresAt: null,
  cancelAtPeriodEnd: false,
  stripeSubscriptionId: 'sub_1',
  priceId: 'price_elite_monthly',
  ...s,
});

describe('the plan a card shows', () => {
  it("is current only at the subscription's own interval; the other interval is a switch", () => {
    expect(planRelation(status({}), elite, 'month')).toBe('current');
    expect(planRelation(status({}), elite, 'year')).toBe('switch');
    expect(planRelation(status({ priceId: 'price_elite_annual' }), elite, 'month')).toBe('switch');
    expect(planRelation(status({ priceId: 'price_elite_annual' }), elite, 'year')).toBe('current');
  });

  it('is current at both intervals without a live priced subscription (Basic, a grant)', () => {
    expect(planRelation(status({ subscriptionTier: 'basic', subscriptionStatus: null, priceId: null }), basic, 'year')).toBe('current');
    expect(planRelation(status({ stripeSubscriptionId: null, priceId: null, grantedTier: 'elite' }), elite, 'year')).toBe('current');
    expect(planRelation(status({ subscriptionTier: 'pro' }), elite, 'month')).toBe('other');
  });

  it('knows the interval and price of a subscription', () => {
    expect(intervalOf(status({ priceId: 'price_elite_annual' }), elite)).toBe('year');
    expect(intervalOf(status({}), elite)).toBe('month');
    expect(periodPriceCents(elite, 'year')).toBe(35100);
    expect(periodPriceCents(elite, 'month')).toBe(3900);
  });
});

describe('the trial line', () => {
  it('states the amount and the date of the first charge', () => {
    expect(trialChargeLine(3900, new Date(2026, 11, 3, 12))).toBe('$39.00 will be charged on Dec 3, 2026 unless you cancel before.');
  });
});

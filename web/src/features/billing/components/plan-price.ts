import type { CatalogueTier } from '../api/types';

export type Interval = 'month' | 'year';

/** Dollars, without cents when whole: 19 -> "$19", 17.1 -> "$17.10". */
export function dollars(cents: number): string {
  const whole = cents % 100 === 0;
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(cents / 100);
}

export function priceIdFor(tier: CatalogueTier, interval: Interval): string | undefined {
  return interval === 'year' ? tier.annualPriceId : tier.priceId;
}

import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createQueryClient } from '@/lib/query-client';
import type { UpgradePreview } from '../api/types';
import { LockedPage, lockedFeatureOf } from './locked-page';

const weeks = Array.from({ length: 8 }, (_, i) => ({ weekStart: `2026-10-${String(5 + i).padStart(2, '0')}`, minutes: 30 * i, sessions: i }));

function renderLocked(preview: UpgradePreview) {
  const client = createQueryClient();
  client.setQueryData(['/api/upgrade-preview', preview.feature], preview);
  render(
    <QueryClientProvider client={client}>
      <Router hook={memoryLocation({ path: '/analytics' }).hook}>
        <LockedPage tier="pro" feature={preview.feature as 'analytics'} />
      </Router>
    </QueryClientProvider>,
  );
}

const offer = {
  tier: 'pro',
  tierName: 'Pro',
  priceId: 'price_pro_monthly',
  interval: 'month' as const,
  available: true,
  trialAvailable: true,
  trialDays: 7,
  firstChargeCents: 1900,
  firstChargeAt: '2026-12-03T12:00:00Z',
  currency: 'usd',
};

describe('LockedPage', () => {
  it('maps the gated paths to their previews', () => {
    expect(lockedFeatureOf('/nutrition')).toBe('nutrition');
    expect(lockedFeatureOf('/analytics')).toBe('analytics');
    expect(lockedFeatureOf('/programs/new')).toBe('programs');
    expect(lockedFeatureOf('/race-strategy')).toBe('race-strategy');
    expect(lockedFeatureOf('/somewhere')).toBeNull();
  });
  it('states the trial terms and the athlete’s own data with the race teaser', () => {
    renderLocked({ feature: 'analytics', tier: 'pro', unlocked: false, offer, weeks, sample: false, race: { rank: 3, of: 40, topPercent: 8 } });
    expect(screen.getByTestId('trial-terms')).toHaveTextContent('Then $19.00 a month. $19.00 will be charged on Dec 3, 2026 unless you cancel before.');
    expect(screen.getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute('href', '/subscription?plan=pro&interval=month&from=locked-analytics');
    expect(screen.getByText('Your training load, last 8 weeks')).toBeInTheDocument();
    expect(screen.queryByTestId('sample-badge')).toBeNull();
    expect(screen.getByTestId('race-teaser')).toHaveTextContent('top 8%');
  });
  it('marks sample data and offers the plan charged today once the trial is used', () => {
    renderLocked({
      feature: 'analytics',
      tier: 'pro',
      unlocked: false,
      offer: { ...offer, trialAvailable: false, trialDays: 0, firstChargeAt: null },
      weeks,
      sample: true,
      race: null,
    });
    expect(screen.getByTestId('sample-badge')).toHaveTextContent('Sample data');
    expect(screen.getByTestId('trial-terms')).toHaveTextContent('$19.00 a month, charged today. Cancel anytime.');
    expect(screen.getByRole('link', { name: 'Upgrade to Pro' })).toBeInTheDocument();
    expect(screen.queryByTestId('race-teaser')).toBeNull();
  });
});

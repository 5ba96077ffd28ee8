import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { User } from '@/lib/session';
import { UserBadge } from './user-badge';

const user = (over: Partial<User>): User => ({
  id: 1, username: 'alex', email: 'alex@example.com', subscriptionTier: 'basic', role: 'athlete', units: 'metric', createdAt: '2026-01-01T00:00:00Z', ...over,
});

describe('UserBadge', () => {
  it('says Coach under a coach\'s name, not their plan', () => {
    render(<UserBadge user={user({ role: 'coach' })} />);
    expect(screen.getByText('Coach')).toBeInTheDocument();
    expect(screen.queryByText('Basic Plan')).toBeNull();
  });

  it('says the plan under an athlete\'s name', () => {
    render(<UserBadge user={user({ subscriptionTier: 'elite' })} />);
    expect(screen.getByText('Elite Plan')).toBeInTheDocument();
    expect(screen.queryByText('Coach')).toBeNull();
  });
});

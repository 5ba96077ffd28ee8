import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createQueryClient } from '@/lib/query-client';
import { USER_QUERY_KEY, type User } from '@/lib/session';
import { nextPath, RouteGuard, type Access } from './guard';

function renderGuard(access: Access, user: User | null | 'pending', path = '/somewhere') {
  const client = createQueryClient();
  if (user !== 'pending') client.setQueryData(USER_QUERY_KEY, user);
  else client.setQueryDefaults(USER_QUERY_KEY, { queryFn: () => new Promise(() => {}) });
  const location = memoryLocation({ path, record: true });
  render(
    <QueryClientProvider client={client}>
      <Router hook={location.hook}>
        <RouteGuard access={access}>
          <p>secret page</p>
        </RouteGuard>
      </Router>
    </QueryClientProvider>,
  );
  return location;
}

const user = (subscriptionTier: string): User =>
  ({ id: 1, username: 'runner', email: 'r@example.com', subscriptionTier, createdAt: '2025-01-01T00:00:00Z' }) as User;

describe('RouteGuard', () => {
  it('shows Loading... while the session resolves', () => {
    renderGuard('basic', 'pending');
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });
  it('redirects anonymous visitors to /auth', () => {
    const loc = renderGuard('basic', null);
    expect(screen.queryByText('secret page')).toBeNull();
    expect(loc.history.at(-1)).toBe('/auth?next=%2Fsomewhere');
  });
  it('sends a signed-in user from /auth to ?next=, never to another host', () => {
    expect(renderGuard('guest', user('basic'), '/auth?next=%2Ftraining').history.at(-1)).toBe('/training');
    expect(nextPath('next=//evil.example')).toBe('/');
    expect(nextPath('next=https://evil.example')).toBe('/');
  });
  it('lets a basic user into basic routes', () => {
    renderGuard('basic', user('basic'));
    expect(screen.getByText('secret page')).toBeInTheDocument();
  });
  it('shows Upgrade Required when the tier is too low', async () => {
    renderGuard('pro', user('basic'));
    // The locked page loads apart from the entry bundle.
    expect(await screen.findByRole('heading', { name: 'Upgrade Required' })).toBeInTheDocument();
    expect(screen.getByText('This feature requires a Pro subscription or higher.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade Subscription' })).toHaveAttribute('href', '/pricing');
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });
  it('denies an unknown tier', async () => {
    renderGuard('basic', user('gold'));
    expect(await screen.findByText('This feature requires a Basic subscription or higher.')).toBeInTheDocument();
  });
  it('lets elite into pro and elite routes', () => {
    renderGuard('elite', user('elite'));
    expect(screen.getByText('secret page')).toBeInTheDocument();
  });
  it('sends a signed-in user away from guest-only pages', () => {
    const loc = renderGuard('guest', user('basic'), '/auth');
    expect(screen.queryByText('secret page')).toBeNull();
    expect(loc.history.at(-1)).toBe('/');
  });
  it('lets elite members and coaches of any tier into elite-or-coach routes (programs)', () => {
    renderGuard('elite-or-coach', { ...user('basic'), role: 'coach' } as User);
    expect(screen.getByText('secret page')).toBeInTheDocument();
  });
  it('lets an elite athlete into elite-or-coach routes', () => {
    renderGuard('elite-or-coach', user('elite'));
    expect(screen.getByText('secret page')).toBeInTheDocument();
  });
  it('shows Upgrade Required (elite) to an athlete below elite on elite-or-coach routes', async () => {
    renderGuard('elite-or-coach', { ...user('pro'), role: 'athlete' } as User);
    expect(screen.queryByText('secret page')).toBeNull();
    expect(await screen.findByText('This feature requires an Elite subscription or higher.')).toBeInTheDocument();
  });
  it('shows guest-only pages to anonymous visitors', () => {
    renderGuard('guest', null, '/auth');
    expect(screen.getByText('secret page')).toBeInTheDocument();
  });
});

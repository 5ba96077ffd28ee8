import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createQueryClient } from '@/lib/query-client';
import { USER_QUERY_KEY } from '@/lib/session';
import type { User } from '@/lib/session';
import { TopBar } from './top-bar';

function renderTopBar(user: User | null = null) {
  const client = createQueryClient();
  client.setQueryData(USER_QUERY_KEY, user); // null: anonymous
  const location = memoryLocation({ path: '/training' });
  render(
    <QueryClientProvider client={client}>
      <Router hook={location.hook}>
        <TopBar />
      </Router>
    </QueryClientProvider>,
  );
  return location;
}

describe('TopBar mobile menu', () => {
  it('closes when the location changes by any means (not only its own links)', () => {
    const location = renderTopBar();
    fireEvent.click(screen.getByTestId('mobile-menu-button'));
    expect(screen.getByTestId('mobile-menu')).toBeInTheDocument();
    act(() => location.navigate('/nutrition'));
    expect(screen.queryByTestId('mobile-menu')).toBeNull();
    // Going back does not bring it back.
    act(() => location.navigate('/training'));
    expect(screen.queryByTestId('mobile-menu')).toBeNull();
  });

  it('closes on Escape', () => {
    renderTopBar();
    fireEvent.click(screen.getByTestId('mobile-menu-button'));
    expect(screen.getByTestId('mobile-menu-button')).toHaveAttribute('aria-expanded', 'true');
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.queryByTestId('mobile-menu')).toBeNull();
  });
});

const member = (over: Partial<User>): User => ({
  id: 7, username: 'sam', email: 'sam@example.com', subscriptionTier: 'elite', role: 'athlete', units: 'metric', createdAt: '2026-01-01T00:00:00Z', ...over,
});

/** Answers GET /api/coaching/unread with `unread`; records every URL asked. */
function stubUnread(unread: number) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      asked.push(String(url));
      return Promise.resolve(new Response(JSON.stringify({ unread }), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    }),
  );
  return asked;
}

describe('TopBar coaching unread badge', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows an elite member the unread count beside Coaching, with an accessible label', async () => {
    stubUnread(2);
    renderTopBar(member({}));
    const link = await screen.findByRole('link', { name: 'Coaching, 2 unread' }, { timeout: 5000 }); // a loaded CI machine renders slowly
    expect(link).toHaveAttribute('href', '/coaching');
    expect(link).toHaveTextContent('Coaching2');
    // The mobile menu says the same.
    fireEvent.click(screen.getByTestId('mobile-menu-button'));
    expect(screen.getAllByRole('link', { name: 'Coaching, 2 unread' })).toHaveLength(2);
  });

  it('shows a coach with nothing unread a plain Coaching link', async () => {
    const asked = stubUnread(0);
    renderTopBar(member({ subscriptionTier: 'basic', role: 'coach' }));
    await vi.waitFor(() => expect(asked.some((u) => u.includes('/api/coaching/unread'))).toBe(true));
    expect(screen.getByRole('link', { name: 'Coaching' })).toBeInTheDocument();
    expect(screen.queryByTestId('unread-badge')).toBeNull();
  });

  it('never asks for the count below elite (no Coaching section)', async () => {
    const asked = stubUnread(3);
    renderTopBar(member({ subscriptionTier: 'pro' }));
    await act(async () => {});
    expect(screen.queryByRole('link', { name: /Coaching/ })).toBeNull();
    expect(asked.filter((u) => u.includes('/api/coaching/unread'))).toEqual([]);
  });
});

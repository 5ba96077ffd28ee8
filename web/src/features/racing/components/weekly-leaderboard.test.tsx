import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { WeeklyLeaderboard } from './weekly-leaderboard';

function renderBlock(answer: () => Promise<Response>) {
  vi.stubGlobal('fetch', vi.fn(answer));
  render(
    <QueryClientProvider client={createQueryClient()}>
      <WeeklyLeaderboard />
    </QueryClientProvider>,
  );
}

const entry = (rank: number, username: string, time: number) => ({
  id: rank, username, division: 'open_men', time, recordType: rank === 1 ? 'race' : 'simulation', rank, date: '2026-03-02',
});

afterEach(() => vi.unstubAllGlobals());

describe('WeeklyLeaderboard', () => {
  it('shows 3 placeholder rows while loading', () => {
    renderBlock(() => new Promise(() => {}));
    expect(screen.getAllByTestId('leaderboard-skeleton')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'View Full Leaderboard' })).toHaveAttribute('href', '/leaderboard');
  });

  it('says so when the week is empty', async () => {
    renderBlock(async () => new Response('[]', { status: 200 }));
    expect(await screen.findByText('No leaderboard data available')).toBeInTheDocument();
  });

  it('shows the top 3 with their times and asks the server for this week', async () => {
    const rows = [entry(1, 'marco', 3745), entry(2, 'kai', 3960), entry(3, 'lena', 4560), entry(4, 'ana', 5520)];
    renderBlock(async () => new Response(JSON.stringify(rows), { status: 200 }));
    const list = await screen.findByRole('list', { name: "This week's top 3" });
    const items = Array.from(list.querySelectorAll('li'));
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('marco');
    expect(items[0]).toHaveTextContent('1:02:25');
    expect(items[0]).toHaveTextContent('Race');
    expect(items[2]).toHaveTextContent('1:16:00');
    expect(vi.mocked(fetch).mock.calls[0][0]).toBe('/api/leaderboard?period=week&limit=3');
  });
});

import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { USER_QUERY_KEY } from '@/lib/session';
import LeaderboardPage from './leaderboard-page';

afterEach(() => vi.unstubAllGlobals());

const me = { id: 7, username: 'ann', email: 'ann@example.com', subscriptionTier: 'basic', createdAt: '2026-01-01T00:00:00Z' };
const entry = (rank: number, userId: number, username: string) => ({
  id: rank, userId, username, division: 'open_men', time: 4400, atAverageVenue: 4250, recordType: 'race', rank, date: '2026-03-02',
});

/** The page against a server whose board is `board` and whose entry for me is `mine`. */
function renderPage(board: unknown[], mine: unknown = null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      const answer = path.startsWith('/api/leaderboard/default')
          ? { period: 'week', division: 'open_men', kind: 'race' }
          : path.startsWith('/api/leaderboard/me')
            ? { entry: mine, rankCapped: false }
            : board;
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  // Signed in as ann.
  const client = createQueryClient();
  client.setQueryData(USER_QUERY_KEY, me);
  render(
    <QueryClientProvider client={client}>
      <LeaderboardPage />
    </QueryClientProvider>,
  );
}

describe('LeaderboardPage', () => {
  it('says an empty board is empty, in the table, without the venue note', async () => {
    renderPage([]);
    const table = await screen.findByRole('table', { name: /Leaderboard, races, this week, Open Men/ });
    expect(within(table).getByRole('cell', { name: 'No leaderboard data available' })).toBeInTheDocument();
    expect(screen.queryByTestId('venue-note')).toBeNull();
  });

  it('notes the venue correction above a board with rows and marks my row', async () => {
    renderPage([entry(1, 3, 'marco'), entry(2, 7, 'ann')], entry(2, 7, 'ann'));
    expect(await screen.findByTestId('venue-note')).toHaveTextContent('Times are corrected to an average venue.');
    const mine = await screen.findByTestId('my-row');
    expect(mine).toHaveAttribute('aria-current', 'true');
    expect(mine).toHaveTextContent('ann');
    expect(mine).toHaveTextContent('1:13:20 as run');
    expect(screen.getAllByRole('row')).toHaveLength(3);
  });
});

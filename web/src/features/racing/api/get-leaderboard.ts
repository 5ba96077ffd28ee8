import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { Period } from '../lib/race';
import type { LeaderboardEntry } from './types';

export type LeaderboardParams = { period?: Period; division?: string; limit?: number };

export const LEADERBOARD_KEY = '/api/leaderboard';

function query(params: LeaderboardParams): string {
  const q = new URLSearchParams();
  if (params.period) q.set('period', params.period);
  if (params.division && params.division !== 'all') q.set('division', params.division);
  if (params.limit) q.set('limit', String(params.limit));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** GET /api/leaderboard: each athlete's best in the period, fastest first. */
export function getLeaderboard(params: LeaderboardParams, signal?: AbortSignal): Promise<LeaderboardEntry[]> {
  return apiFetch<LeaderboardEntry[]>(`${LEADERBOARD_KEY}${query(params)}`, { signal });
}

export function leaderboardQueryOptions(params: LeaderboardParams) {
  return queryOptions({
    queryKey: [LEADERBOARD_KEY, params] as const,
    queryFn: ({ signal }) => getLeaderboard(params, signal),
  });
}

export function useLeaderboard(params: LeaderboardParams) {
  return useQuery(leaderboardQueryOptions(params));
}

/** GET /api/leaderboard/me: my entry and rank on the board (null when none). */
export function getMyEntry(params: LeaderboardParams, signal?: AbortSignal): Promise<{ entry: LeaderboardEntry | null; rankCapped: boolean }> {
  return apiFetch(`${LEADERBOARD_KEY}/me${query({ period: params.period, division: params.division })}`, { signal });
}

export function useMyLeaderboardEntry(params: LeaderboardParams, enabled = true) {
  return useQuery({
    queryKey: [LEADERBOARD_KEY, 'me', params] as const,
    queryFn: ({ signal }) => getMyEntry(params, signal),
    enabled,
  });
}

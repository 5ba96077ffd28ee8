import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { seedFromFirstData } from '@/lib/first-data';
import type { Period } from '../lib/race';
import type { LeaderboardEntry } from './types';

/** Omitted division: the caller's own (the server's default board); omitted kind: races. */
export type LeaderboardParams = { period?: Period; division?: string; kind?: RecordKind; limit?: number };
export type RecordKind = 'race' | 'simulation';
export type DefaultBoard = { period: Period; division: string; kind: RecordKind };

export const LEADERBOARD_KEY = '/api/leaderboard';

function query(params: LeaderboardParams): string {
  const q = new URLSearchParams();
  if (params.period) q.set('period', params.period);
  if (params.division) q.set('division', params.division);
  if (params.kind && params.kind !== 'race') q.set('kind', params.kind);
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
    ...seedFromFirstData<LeaderboardEntry[]>(() => `${LEADERBOARD_KEY}${query(params)}`),
  });
}

export function useLeaderboard(params: LeaderboardParams, enabled = true) {
  return useQuery({ ...leaderboardQueryOptions(params), enabled });
}

/** GET /api/leaderboard/me: my entry and rank on the board (null when none). */
export function getMyEntry(params: LeaderboardParams, signal?: AbortSignal): Promise<{ entry: LeaderboardEntry | null; rankCapped: boolean }> {
  return apiFetch(`${LEADERBOARD_KEY}/me${query({ period: params.period, division: params.division, kind: params.kind })}`, { signal });
}

export function useMyLeaderboardEntry(params: LeaderboardParams, enabled = true) {
  return useQuery({
    queryKey: [LEADERBOARD_KEY, 'me', params] as const,
    queryFn: ({ signal }) => getMyEntry(params, signal),
    enabled,
  });
}

/** GET /api/leaderboard/default: the board the page opens on (my division, races, this week). */
export function useDefaultBoard() {
  return useQuery({
    queryKey: [LEADERBOARD_KEY, 'default'] as const,
    queryFn: ({ signal }) => apiFetch<DefaultBoard>(`${LEADERBOARD_KEY}/default`, { signal }),
  });
}

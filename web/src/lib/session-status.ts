import { toLocalISODate } from './format';

export type ShownStatus = 'planned' | 'done' | 'skipped' | 'missed';

/**
 * How a calendar session shows: a planned session whose day (YYYY-MM-DD) is
 * before `today` is missed. It stays planned on the server, so it can still be
 * logged or skipped (docs/training.md#calendar). The calendar, the home page's
 * week strip and the coach's view of an athlete all show it this way.
 */
export function shownStatus(s: { status: 'planned' | 'done' | 'skipped'; date: string }, today = toLocalISODate()): ShownStatus {
  return s.status === 'planned' && s.date < today ? 'missed' : s.status;
}

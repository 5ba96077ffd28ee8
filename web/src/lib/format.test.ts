import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDuration, formatMoney, formatNumber, formatTimeAgo, toLocalISODate } from './format';

describe('formatMoney', () => {
  it('formats minor units in en-US', () => {
    expect(formatMoney(1900)).toBe('$19.00');
    expect(formatMoney(123456, 'usd')).toBe('$1,234.56');
    expect(formatMoney(0, 'USD')).toBe('$0.00');
    expect(formatMoney(999, 'eur')).toBe('€9.99');
  });
  it('respects currencies without minor units', () => {
    expect(formatMoney(500, 'JPY')).toBe('¥500');
  });
});

describe('dates', () => {
  it('formats a date in en-US', () => {
    expect(formatDate(new Date(2025, 2, 5))).toBe('Mar 5, 2025');
    expect(formatDate('not a date')).toBe('');
  });
  it('formats date and time', () => {
    expect(formatDateTime(new Date(2025, 2, 5, 14, 7))).toBe('Mar 5, 2025, 2:07 PM');
  });
  it('gives the local calendar day', () => {
    expect(toLocalISODate(new Date(2025, 0, 9, 23, 30))).toBe('2025-01-09');
  });
});

describe('numbers and durations', () => {
  it('groups thousands', () => {
    expect(formatNumber(175000)).toBe('175,000');
  });
  it('shows minutes under 60, else hours and minutes', () => {
    expect(formatDuration(45)).toBe('45 min');
    expect(formatDuration(60)).toBe('1h');
    expect(formatDuration(95)).toBe('1h 35m');
  });
});

describe('formatTimeAgo', () => {
  const now = new Date('2026-03-02T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const M = 60_000;
  const H = 60 * M;
  it('says just now for under a minute, not "less than 1 hour ago"', () => {
    expect(formatTimeAgo(ago(0), now)).toBe('just now');
    expect(formatTimeAgo(ago(5_000), now)).toBe('just now');
    expect(formatTimeAgo(ago(M - 1), now)).toBe('just now');
  });
  it('counts whole minutes under an hour', () => {
    expect(formatTimeAgo(ago(M), now)).toBe('1 minute ago');
    expect(formatTimeAgo(ago(2 * M - 1), now)).toBe('1 minute ago');
    expect(formatTimeAgo(ago(2 * M), now)).toBe('2 minutes ago');
    expect(formatTimeAgo(ago(59 * M + 59_000), now)).toBe('59 minutes ago');
  });
  it('counts whole hours under a day, then days', () => {
    expect(formatTimeAgo(ago(H), now)).toBe('1 hour ago');
    expect(formatTimeAgo(ago(2 * H - 1), now)).toBe('1 hour ago');
    expect(formatTimeAgo(ago(5 * H + 30 * M), now)).toBe('5 hours ago');
    expect(formatTimeAgo(ago(23 * H), now)).toBe('23 hours ago');
    expect(formatTimeAgo(ago(24 * H), now)).toBe('1 day ago');
    expect(formatTimeAgo(ago(49 * H), now)).toBe('2 days ago');
  });
  it('treats a time ahead of the clock as just now and bad input as empty', () => {
    expect(formatTimeAgo(ago(-5 * H), now)).toBe('just now');
    expect(formatTimeAgo('not a date', now)).toBe('');
  });
  it('takes a Date as well as a string', () => {
    expect(formatTimeAgo(new Date(now.getTime() - 3 * M), now)).toBe('3 minutes ago');
  });
});

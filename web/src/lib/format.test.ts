import { describe, expect, it } from 'vitest';
import { formatDate, formatDateParts, formatDateTime, formatDuration, formatMoney, formatNumber, formatTimeAgo, toLocalISODate, type DateParts } from './format';

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

describe('en-US without Intl: the same characters as Intl', () => {
  const partSets: DateParts[] = [
    { year: 'numeric', month: 'short', day: 'numeric' },
    { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' },
    { weekday: 'short', month: 'short', day: 'numeric' },
    { weekday: 'long', month: 'long', day: 'numeric' },
    { month: 'long', day: 'numeric', year: 'numeric' },
    { month: 'long', year: 'numeric' },
    { month: 'short', year: 'numeric' },
    { month: 'short', day: 'numeric' },
    { month: 'long' },
    { weekday: 'short' },
    { weekday: 'long' },
    { year: 'numeric' },
    { day: 'numeric' },
    { weekday: 'short', day: 'numeric' },
    { day: 'numeric', year: 'numeric' },
  ];
  it('writes every day of three years as Intl does, for each set of parts', () => {
    for (const parts of partSets) {
      const intl = new Intl.DateTimeFormat('en-US', parts);
      for (let d = new Date(2024, 0, 1, 12); d.getFullYear() < 2027; d.setDate(d.getDate() + 1)) {
        expect(formatDateParts(d, parts), JSON.stringify(parts)).toBe(intl.format(d));
      }
    }
    expect(formatDateParts(new Date(2026, 2, 2), { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' })).toBe('Mon, Mar 2, 2026');
  });
  it('writes dates with their time as Intl does, every quarter hour of a year', () => {
    const intl = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
    for (let d = new Date(2026, 0, 1, 0, 0); d.getFullYear() < 2027; d.setMinutes(d.getMinutes() + 15 + (d.getDate() % 2))) {
      expect(formatDateTime(d)).toBe(intl.format(d));
    }
  });
  it('writes numbers as Intl does, rounding included', () => {
    const values = [0, -0, 1, -1, 7.5, 0.5, 1.5, 2.5, -2.5, 999.9995, 1.0005, 2.345, 2.3449, 0.0005, -0.0004, 175000, 1234567.891, 9999999.9999,
      12.05, 12.15, 12.25, 0.045, 1e-6, 1e20, 123456789012345680000, 1e-7, -1e-7, 1e21, 1.23e25, Number.MAX_SAFE_INTEGER, NaN, Infinity, -Infinity];
    // and a deterministic spread of amounts like the app's (kcal, grams, kg, seconds)
    let seed = 7;
    const next = () => ((seed = (seed * 48271) % 2147483647) / 2147483647);
    for (let i = 0; i < 3000; i++) values.push(Math.round((next() - 0.2) * 10 ** (1 + (i % 7)) * 10 ** (i % 5)) / 10 ** (i % 5), (next() - 0.5) * 10 ** (i % 9));
    for (const max of [0, 1, 2, 3]) {
      const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: max });
      for (const v of values) expect(formatNumber(v, max), `${v} with ${max}`).toBe(intl.format(v));
    }
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

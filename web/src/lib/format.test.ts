import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDuration, formatMoney, formatNumber, toLocalISODate } from './format';

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

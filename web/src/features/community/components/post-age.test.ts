import { describe, expect, it } from 'vitest';
import { formatPostAge } from './post-age';

const now = new Date('2026-03-02T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const H = 3600_000;

describe('formatPostAge', () => {
  it('uses the product wording for hours', () => {
    expect(formatPostAge(ago(0), now)).toBe('less than 1 hour ago');
    expect(formatPostAge(ago(59 * 60_000), now)).toBe('less than 1 hour ago');
    expect(formatPostAge(ago(H), now)).toBe('1 hour ago');
    expect(formatPostAge(ago(2 * H - 1), now)).toBe('1 hour ago');
    expect(formatPostAge(ago(5 * H + 30 * 60_000), now)).toBe('5 hours ago');
    expect(formatPostAge(ago(23 * H), now)).toBe('23 hours ago');
  });
  it('switches to days beyond 24 hours', () => {
    expect(formatPostAge(ago(24 * H), now)).toBe('1 day ago');
    expect(formatPostAge(ago(49 * H), now)).toBe('2 days ago');
  });
  it('treats a clock in the future as just now and bad input as empty', () => {
    expect(formatPostAge(ago(-5 * H), now)).toBe('less than 1 hour ago');
    expect(formatPostAge('not a date', now)).toBe('');
  });
});

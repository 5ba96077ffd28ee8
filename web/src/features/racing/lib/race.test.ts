import { describe, expect, it } from 'vitest';
import { divisionLabel, formatClock, formatDay, formatDelta, spokenTime } from './race';

describe('formatClock', () => {
  it('formats', () => {
    expect(formatClock(262)).toBe('4:22');
    expect(formatClock(5030)).toBe('1:23:50');
    expect(formatClock(3600)).toBe('1:00:00');
    expect(formatClock(-65)).toBe('-1:05');
    expect(formatDelta(12)).toBe('+0:12');
    expect(formatDelta(0)).toBe('±0:00');
    expect(spokenTime(3725)).toBe('1 hour 2 minutes 5 seconds');
    expect(divisionLabel('pro_doubles_women')).toBe('Pro Doubles Women');
  });
});

describe('formatDay', () => {
  it('writes a stored day in the page format, whatever the time zone', () => {
    expect(formatDay('2026-03-01')).toBe('Mar 1, 2026');
    expect(formatDay('2026-12-31')).toBe('Dec 31, 2026');
  });
});

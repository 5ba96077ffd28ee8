import { describe, expect, it } from 'vitest';
import { groupByDay, localDate } from './sessions';

describe('groupByDay', () => {
  it('groups instants by the local date of the given zone, across midnight', () => {
    const slots = ['2026-03-02T17:00:00Z', '2026-03-02T23:30:00Z', '2026-03-03T07:00:00Z'];
    const ny = groupByDay(slots, 'America/New_York');
    expect(ny.map((d) => [d.date, d.slots.length])).toEqual([
      ['2026-03-02', 2],
      ['2026-03-03', 1],
    ]);
    // Tokyo is 9 hours ahead: all three fall on 3 March there.
    expect(groupByDay(slots, 'Asia/Tokyo').map((d) => [d.date, d.slots.length])).toEqual([['2026-03-03', 3]]);
  });

  it('reads a DST change from the zone', () => {
    expect(localDate('2026-03-29T00:30:00Z', 'Europe/London')).toBe('2026-03-29');
    expect(localDate('2026-03-28T23:30:00Z', 'Europe/London')).toBe('2026-03-28');
    expect(localDate('2026-03-28T23:30:00Z', 'Europe/Berlin')).toBe('2026-03-29');
  });
});

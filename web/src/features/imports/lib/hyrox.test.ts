import { describe, expect, it } from 'vitest';
import { clock, sumMapping, TARGETS } from './hyrox';

describe('sumMapping', () => {
  it('adds laps per run, station and Roxzone and counts unmapped laps', () => {
    const laps = [{ seconds: 270 }, { seconds: 40 }, { seconds: 265 }, { seconds: 275 }, { seconds: 12.4 }];
    const s = sumMapping(laps, ['run:1', 'run:1', 'station:1', 'run:2', '']);
    expect(s.runs.slice(0, 2)).toEqual([310, 275]);
    expect(s.stations[0]).toBe(265);
    expect(s.stations[1]).toBeNull();
    expect(s.total).toBe(850);
    expect(s.unmapped).toBe(1);
  });
  it('lists 8 runs, 8 stations, the Roxzone and left out', () => {
    expect(TARGETS).toHaveLength(18);
    expect(TARGETS[1].label).toBe('SkiErg');
  });
  it('formats clocks', () => {
    expect(clock(4210)).toBe('1:10:10');
    expect(clock(65)).toBe('1:05');
  });
});

import { describe, expect, it } from 'vitest';
import { addDays, mondayOf, monthGrid, nextMonday, parseISODate, toISODate } from './dates';
import { exerciseLine } from '../components/session-exercises';

describe('calendar dates', () => {
  it('round-trips YYYY-MM-DD on the local calendar', () => {
    expect(toISODate(parseISODate('2026-03-04'))).toBe('2026-03-04');
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });

  it('finds the Monday of a week and the next Monday', () => {
    expect(mondayOf('2026-03-04')).toBe('2026-03-02'); // a Wednesday
    expect(mondayOf('2026-03-08')).toBe('2026-03-02'); // a Sunday
    expect(mondayOf('2026-03-02')).toBe('2026-03-02');
    expect(nextMonday('2026-03-04')).toBe('2026-03-09');
    expect(nextMonday('2026-03-09')).toBe('2026-03-09');
  });

  it('builds a 6-week month grid from the Monday on or before the 1st', () => {
    const g = monthGrid('2026-03-17');
    expect(g.from).toBe('2026-02-23');
    expect(g.to).toBe('2026-04-05');
    expect(g.month).toBe(2);
  });
});

describe('exerciseLine', () => {
  it('says sets, work, load, pace and rest in order', () => {
    expect(exerciseLine({ exercise: 'Run', sets: 5, distanceM: 1000, targetPace: 'threshold', restS: 90 })).toBe(
      '5 x 1 km at threshold rest 90 s',
    );
    expect(exerciseLine({ exercise: 'Wall Balls', reps: 100, loadKg: 6 })).toBe('100 reps 6 kg');
    expect(exerciseLine({ exercise: 'Plank', sets: 3, timeS: 45 })).toBe('3 x 45 s');
    expect(exerciseLine({ exercise: 'Mobility', timeS: 600, notes: 'hips' })).toBe('10 min (hips)');
  });
});

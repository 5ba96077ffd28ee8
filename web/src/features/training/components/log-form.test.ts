import { describe, expect, it } from 'vitest';
import { workoutLogSchema as logFormSchema } from '../schemas';
import { keptTime, logFormValues, logInput } from './log-form';

describe('log form values', () => {
  it('reads exercise times the ways phones type them (docs/time-entry.md)', () => {
    const values = { ...logFormValues(), workoutName: 'X', rating: '3' };
    const row = { exercise: 'Run', sets: '', reps: '', load: '', distanceM: '5000' };
    for (const [typed, seconds] of [['2530', 1530], ['25.30', 1530], ['25:30', 1530], ['1:05:30', 3930], ['445', 285]] as const) {
      const v = { ...values, exercises: [{ ...row, time: typed }] };
      expect(logFormSchema.safeParse(v).success).toBe(true);
      expect((logInput(v).exercises as { timeS?: number }[])[0].timeS).toBe(seconds);
    }
    // Ambiguous: refused, not guessed.
    const r = logFormSchema.safeParse({ ...values, exercises: [{ ...row, time: '45' }] });
    expect(r.error?.issues[0]?.message).toContain('could be seconds or minutes');
  });

  it('turns a log into form values and back into the API body', () => {
    const values = logFormValues({
      workoutId: null,
      workoutName: 'Engine',
      completedAt: '2026-03-01T08:30:00Z',
      duration: 50,
      rpe: 7,
      rating: 3,
      notes: '',
      exercises: [{ exercise: 'SkiErg', distanceM: 1000, timeS: 230 }],
    });
    expect(values.rating).toBe('3');
    expect(values.duration).toBe('50:00');
    expect(values.exercises[0]).toEqual({ exercise: 'SkiErg', sets: '', reps: '', load: '', distanceM: '1000', time: '3:50' });
    const body = logInput(values);
    expect(body.workoutId).toBeNull();
    expect(body.rpe).toBe(7);
    expect(body.duration).toBe(50);
    expect(body.rating).toBe(3);
    expect(body.completedAt).toBe('2026-03-01T08:30:00.000Z');
    expect(body.exercises).toEqual([{ exercise: 'SkiErg', sets: undefined, reps: undefined, loadKg: undefined, distanceM: 1000, timeS: 230 }]);
  });

  it("has no default for 'how it felt' and refuses bad actuals", () => {
    const fresh = logFormValues();
    expect(fresh.rating).toBe('');
    expect(fresh.rpe).toBe('');
    const r = logFormSchema.safeParse({
      ...fresh,
      workoutName: 'X',
      exercises: [{ exercise: 'Sled push', sets: '', reps: '', load: '-5', distanceM: '', time: '1:99' }],
    });
    expect(r.success).toBe(false);
    const messages = r.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(messages).toEqual(
      expect.arrayContaining(['rating: Please choose how it felt', 'exercises.0.load: Load cannot be negative', 'exercises.0.time: Seconds go up to 59 ("1:99").']),
    );
  });

  it('refuses a date in the future or more than a year ago', () => {
    const base = { ...logFormValues(), workoutName: 'X', rating: '3' };
    const future = new Date(Date.now() + 8 * 86400000);
    const old = new Date(Date.now() - 400 * 86400000);
    const local = (d: Date) => logFormValues({ completedAt: d.toISOString() }).completedAt;
    expect(logFormSchema.safeParse({ ...base, completedAt: local(future) }).error?.issues[0]?.message).toBe('A workout cannot be completed in the future');
    expect(logFormSchema.safeParse({ ...base, completedAt: local(old) }).error?.issues[0]?.message).toBe('A workout must be from the past year');
    expect(logFormSchema.safeParse(base).success).toBe(true);
  });

  it('sends the time of saving for a new log whose time was left as opened, even after the minute turned', () => {
    const opened = new Date(Date.now() - 70_000);
    const initial = { ...logFormValues({ completedAt: opened.toISOString() }), workoutName: 'X', rating: '3' };
    const before = Date.now();
    const sent = keptTime(initial, initial, 'now')!.getTime();
    expect(sent).toBeGreaterThanOrEqual(before);
    expect(sent).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(logInput(initial, 'metric', new Date(sent)).completedAt ?? '')).toBe(sent);
    // A time the athlete chose is sent as chosen.
    const chosen = { ...initial, completedAt: logFormValues({ completedAt: new Date(before - 3 * 3600_000).toISOString() }).completedAt };
    expect(keptTime(chosen, initial, 'now')).toBeUndefined();
  });

  it('keeps an edited log at its exact stored time when its date is left unchanged', () => {
    const stored = '2026-03-01T08:30:42.123Z';
    const initial = { ...logFormValues({ completedAt: stored }), workoutName: 'X', rating: '3' };
    expect(keptTime(initial, initial, stored)?.toISOString()).toBe(stored);
    expect(keptTime(initial, initial, undefined)).toBeUndefined();
  });

  it('takes loads in lb for an imperial athlete and stores kg', () => {
    const values = logFormValues({ workoutName: 'Strength', exercises: [{ exercise: 'Deadlift', sets: 5, reps: 5, loadKg: 100 }] }, 'imperial');
    expect(values.exercises[0]?.load).toBe('220.5');
    values.exercises[0]!.load = '225';
    expect(logInput({ ...values, rating: '3' }, 'imperial').exercises).toEqual([expect.objectContaining({ loadKg: 102.058 })]);
    expect(logInput({ ...values, rating: '3' }, 'metric').exercises).toEqual([expect.objectContaining({ loadKg: 225 })]);
  });
});

describe('duration as a time', () => {
  it('is typed like any time, kept as whole minutes, and follows the rows', async () => {
    const { durationSchema, durationMinutes, durationReadBack } = await import('../schemas');
    const { rowsSeconds } = await import('./log-form');
    expect(durationMinutes('45:00')).toBe(45);
    expect(durationMinutes('1:05:30')).toBe(66);
    expect(durationMinutes('2530')).toBe(26);
    expect(durationReadBack(1530)).toBe('Reads as 25 min 30 s, saved as 26 min');
    expect(durationSchema.safeParse('45').error?.issues[0]?.message).toContain('could be seconds or minutes');
    expect(durationSchema.safeParse('5:01:00').error?.issues[0]?.message).toBe('Duration cannot exceed 5 hours');
    expect(durationSchema.safeParse('').error?.issues[0]?.message).toBe('Please enter the duration, e.g. 45:00');
    expect(rowsSeconds([{ time: '4:10' }, { time: '' }, { time: '2530' }])).toBe(1780);
    expect(rowsSeconds([{ time: '' }])).toBeNull();
  });
});

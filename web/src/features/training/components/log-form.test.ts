import { describe, expect, it } from 'vitest';
import { keptTime, logFormSchema, logFormValues, logInput } from './log-form';

describe('log form values', () => {
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
    expect(values.exercises[0]).toEqual({ exercise: 'SkiErg', sets: '', reps: '', load: '', distanceM: '1000', time: '3:50' });
    const body = logInput(values);
    expect(body.workoutId).toBeNull();
    expect(body.rpe).toBe(7);
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
      expect.arrayContaining(['rating: Please choose how it felt', 'exercises.0.load: Load cannot be negative', 'exercises.0.time: Time must be m:ss']),
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

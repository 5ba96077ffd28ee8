import { describe, expect, it } from 'vitest';
import { quickLogSchema, workoutLogSchema } from './schemas';

// One workout-log schema for the log form and the quick-log dialog: the same
// field says the same thing in both.

const full = {
  workoutId: '',
  workoutName: 'Engine',
  completedAt: new Date(Date.now() - 3600_000).toISOString(),
  duration: '45:00',
  rpe: '',
  rating: '3',
  notes: '',
  exercises: [],
};
const quick = { workoutId: '7', duration: '45:00', rating: '3', notes: '' };

const messages = (r: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('the workout-log schema, shared by both forms', () => {
  it('accepts a full log and a quick one', () => {
    expect(workoutLogSchema.safeParse(full).success).toBe(true);
    expect(quickLogSchema.safeParse(quick).success).toBe(true);
  });

  it("words the duration, 'how it felt' and the notes the same in both", () => {
    const bad = { duration: '5:01:00', rating: '', notes: 'x'.repeat(2001) };
    const expected = ['duration: Duration cannot exceed 5 hours', 'rating: Please choose how it felt', 'notes: Notes must be at most 2000 characters'];
    expect(messages(workoutLogSchema.safeParse({ ...full, ...bad }))).toEqual(expected);
    expect(messages(quickLogSchema.safeParse({ ...quick, ...bad }))).toEqual(expected);
  });

  it('lets the full form log a custom workout; the quick log needs a library one', () => {
    expect(workoutLogSchema.safeParse({ ...full, workoutId: '' }).success).toBe(true);
    expect(messages(quickLogSchema.safeParse({ ...quick, workoutId: '' }))).toEqual(['workoutId: Please select a workout']);
  });

  it('takes only the fields the quick log shows', () => {
    expect(Object.keys(quickLogSchema.shape).sort()).toEqual(['duration', 'notes', 'rating', 'workoutId']);
  });
});

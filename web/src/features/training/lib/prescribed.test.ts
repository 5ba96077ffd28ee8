import { describe, expect, it } from 'vitest';
import { prescribedExercises } from './prescribed';

describe('prescribedExercises', () => {
  it('turns a workout’s lines into rows with distances, reps and sets', () => {
    const rows = prescribedExercises(
      {
        exercises: [
          { name: 'Run', reps: '1 km', slug: 'running' },
          { name: 'SkiErg', reps: '1000 m', slug: 'skierg' },
          { name: 'Wall Balls (6 kg men / 4 kg women)', reps: '5 x 20 reps', slug: 'wall-balls' },
          { name: 'Run between sets', reps: '5 x 200 m' },
          { name: 'Goblet Squat hold', reps: '3 x 30 s' },
        ],
      },
      new Map([
        ['skierg', 'SkiErg'],
        ['wall-balls', 'Wall Balls'],
      ]),
    );
    expect(rows).toEqual([
      { exercise: 'Run', distanceM: 1000 },
      { exercise: 'SkiErg', distanceM: 1000 },
      { exercise: 'Wall Balls', sets: 5, reps: 20 },
      { exercise: 'Run between sets', sets: 5, distanceM: 200 },
      { exercise: 'Goblet Squat hold', sets: 3 },
    ]);
  });
});

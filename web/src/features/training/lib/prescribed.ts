import type { SessionExercise, Workout } from '../api/types';

/**
 * A library workout's lines as the exercises a log starts from
 * (docs/training-logs.md#logging-a-library-workout): "1 km" and "50 m" are
 * distances, "100 reps" reps, "5 x 20 reps" sets of them. The name is the
 * exercise library's when the line is one of its exercises (so records
 * match), else the line's own.
 */
export function prescribedExercises(workout: Pick<Workout, 'exercises'>, libraryNames: Map<string, string> = new Map()): SessionExercise[] {
  return workout.exercises.map((line) => {
    const e: SessionExercise = { exercise: (line.slug && libraryNames.get(line.slug)) || line.name };
    let amount = line.reps.trim().toLowerCase();
    const sets = /^(\d+)\s*x\s*(.+)$/.exec(amount);
    if (sets) {
      e.sets = Number(sets[1]);
      amount = sets[2];
    }
    const m = /^(\d+(?:\.\d+)?)\s*(km|m|reps?)$/.exec(amount);
    if (m) {
      const n = Number(m[1]);
      if (m[2] === 'km') e.distanceM = Math.round(n * 1000);
      else if (m[2] === 'm') e.distanceM = n;
      else e.reps = n;
    }
    return e;
  });
}

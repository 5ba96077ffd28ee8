import { formatDistance, formatLoad, useUnits, type Units } from '@/lib/units';
import type { SessionExercise } from '../api/programs';

/** One structured exercise as a short line: "5 x 1000 m at threshold, rest 90 s". */
export function exerciseLine(e: SessionExercise, units: Units = 'metric'): string {
  const parts: string[] = [];
  const work: string[] = [];
  if (e.reps) work.push(`${e.reps} reps`);
  if (e.distanceM) work.push(formatDistance(e.distanceM, units));
  if (e.timeS) work.push(e.timeS >= 60 && e.timeS % 60 === 0 ? `${e.timeS / 60} min` : `${e.timeS} s`);
  const w = work.join(', ');
  if (e.sets && e.sets > 1) parts.push(w ? `${e.sets} x ${w}` : `${e.sets} sets`);
  else if (w) parts.push(w);
  if (e.loadKg) parts.push(formatLoad(e.loadKg, units));
  if (e.targetPace) parts.push(`at ${e.targetPace}`);
  if (e.restS) parts.push(`rest ${e.restS} s`);
  if (e.notes) parts.push(`(${e.notes})`);
  return parts.join(' ');
}

export function SessionExercises({ exercises }: { exercises: SessionExercise[] }) {
  const units = useUnits();
  if (exercises.length === 0) return null;
  return (
    <ul className="mt-2 grid gap-1 text-sm" aria-label="Exercises">
      {exercises.map((e, i) => (
        <li key={i} className="flex flex-wrap gap-x-2">
          <span className="font-semibold">{e.exercise}</span>
          <span className="text-muted-foreground">{exerciseLine(e, units)}</span>
        </li>
      ))}
    </ul>
  );
}

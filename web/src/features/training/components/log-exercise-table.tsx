import { Trophy } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { formatDistance, formatLoad, useUnits } from '@/lib/units';
import type { PersonalRecord, SessionExercise } from '../api/types';
import { formatClock } from '../lib/format';

/**
 * What a log's athlete did, per exercise, in the viewer's units, with a PR badge on the line that set a record.
 * The server says which line (`line`: the first with the log's best value), so eight 1 km runs show one PR at most
 * (docs/training-logs.md#personal-records).
 */
export function LogExerciseTable({ exercises, records }: { exercises: SessionExercise[]; records: PersonalRecord[] }) {
  const units = useUnits();
  if (exercises.length === 0) return <p className="text-muted-foreground">No per-exercise details were logged.</p>;
  const cell = (v: number | undefined, unit = '') => (v ? `${v}${unit}` : '—');
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Exercises done">
      <table className="w-full text-left text-sm" data-testid="log-exercises">
        <thead className="text-xs tracking-wide text-muted-foreground uppercase">
          <tr>
            <th scope="col" className="py-2 pr-3">Exercise</th>
            <th scope="col" className="py-2 pr-3 text-right">Sets</th>
            <th scope="col" className="py-2 pr-3 text-right">Reps</th>
            <th scope="col" className="py-2 pr-3 text-right">Load</th>
            <th scope="col" className="py-2 pr-3 text-right">Distance</th>
            <th scope="col" className="py-2 text-right">Time</th>
          </tr>
        </thead>
        <tbody className="tabular-nums">
          {exercises.map((e, i) => {
            const held = records.filter((r) => r.line === i);
            return (
              <tr key={i} className="border-t border-border">
                <th scope="row" className="py-2 pr-3 font-medium">
                  {e.exercise}
                  {held.length > 0 && (
                    <Badge variant="primary" className="ml-2" data-testid="pr-badge">
                      <Trophy className="h-3 w-3" aria-hidden="true" /> PR
                    </Badge>
                  )}
                </th>
                <td className="py-2 pr-3 text-right">{cell(e.sets)}</td>
                <td className="py-2 pr-3 text-right">{cell(e.reps)}</td>
                <td className="py-2 pr-3 text-right whitespace-nowrap">{e.loadKg ? formatLoad(e.loadKg, units) : '—'}</td>
                <td className="py-2 pr-3 text-right whitespace-nowrap">{e.distanceM ? formatDistance(e.distanceM, units) : '—'}</td>
                <td className="py-2 text-right font-mono">{e.timeS ? formatClock(e.timeS) : '—'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

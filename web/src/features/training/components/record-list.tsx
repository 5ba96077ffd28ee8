import { Link } from 'wouter';
import { Trophy } from 'lucide-react';
import { workoutLogPath } from '@/app/paths';
import { QueryState } from '@/components/ui/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/format';
import { useUnits, type Units } from '@/lib/units';
import { usePersonalRecords } from '../api/get-personal-records';
import type { PersonalRecord } from '../api/types';
import { formatRecordValue, recordName } from '../lib/format';

/** My personal records: best time per exercise and distance (or reps), best load per lift, each better than an earlier value (a first value is a baseline). */
export function PersonalRecordList() {
  const recs = usePersonalRecords();
  const units = useUnits();
  return (
    <QueryState
      query={recs}
      pending={<Skeleton className="h-24" />}
      isEmpty={(list) => list.length === 0}
      empty={
        <p className="rounded-xl border border-dashed border-border p-6 text-center text-muted-foreground">
          No records yet. Your first time or load for an exercise is its baseline; beat it in a later log and that is a personal record.
        </p>
      }
    >
      {(list) => <RecordCards records={list} units={units} />}
    </QueryState>
  );
}

function RecordCards({ records, units }: { records: PersonalRecord[]; units: Units }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="personal-records">
      {records.map((r) => (
        <li key={r.key} className="flex items-start gap-3 rounded-xl border border-border bg-card p-4">
          <Trophy className="mt-1 h-5 w-5 shrink-0 text-accent-text" aria-hidden="true" />
          <div className="min-w-0">
            <p className="font-bold break-words">{recordName(r)}</p>
            <p className="font-mono text-xl font-black tabular-nums">{formatRecordValue(r, units)}</p>
            <p className="text-xs text-muted-foreground">
              <Link href={workoutLogPath(r.logId)} className="underline underline-offset-2">
                {r.workoutName}
              </Link>
              , {formatDate(r.achievedAt)}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

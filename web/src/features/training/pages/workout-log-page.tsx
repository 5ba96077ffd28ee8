import { useMemo, useState } from 'react';
import { Link, useLocation, useParams, useSearch } from 'wouter';
import { ArrowLeft, History, Pencil, Trash2, Trophy } from 'lucide-react';
import { paths, workoutPath } from '@/app/paths';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime, formatDuration } from '@/lib/format';
import { useSessionUser } from '@/lib/session';
import { useUnits } from '@/lib/units';
import { useWorkoutLog } from '../api/get-workout-log';
import { useDeleteWorkoutLog, useUpdateWorkoutLog } from '../api/workout-log-mutations';
import { logActuals, type PersonalRecord, type WorkoutLog } from '../api/types';
import { DeleteLogDialog } from '../components/delete-log-dialog';
import { LogComments } from '../components/log-comments';
import { LogExerciseTable } from '../components/log-exercise-table';
import { LogForm, logFormValues } from '../components/log-form';
import { FELT_LABEL, formatRecordValue, ratingLabel, recordName } from '../lib/format';
import { isQueued, QUEUED_TEXT } from '@/lib/offline/send';

function NewRecordsBanner({ records }: { records: PersonalRecord[] }) {
  const units = useUnits();
  if (records.length === 0) return null;
  return (
    <div role="status" className="flex items-start gap-3 rounded-xl border-2 border-primary bg-primary/15 p-4" data-testid="new-pr">
      <Trophy className="mt-0.5 h-6 w-6 shrink-0 text-accent-text" aria-hidden="true" />
      <div>
        <p className="text-lg font-black">New PR{records.length > 1 ? 's' : ''}!</p>
        <ul className="text-sm">
          {records.map((r) => (
            <li key={r.key}>
              {recordName(r)}: <strong className="font-mono">{formatRecordValue(r, units)}</strong>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

function LogSummary({ log }: { log: WorkoutLog }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      <div className="rounded-lg border border-border p-3">
        <dt className="text-xs text-muted-foreground">Duration</dt>
        <dd className="font-bold">{formatDuration(log.duration)}</dd>
      </div>
      <div className="rounded-lg border border-border p-3">
        <dt className="text-xs text-muted-foreground">Effort (RPE)</dt>
        <dd className="font-bold">{log.rpe ? `${log.rpe}/10` : 'Not rated'}</dd>
      </div>
      <div className="rounded-lg border border-border p-3">
        <dt className="text-xs text-muted-foreground">Load</dt>
        <dd className="font-bold">{log.rpe ? log.rpe * log.duration : 'None (no RPE)'}</dd>
      </div>
      <div className="rounded-lg border border-border p-3">
        <dt className="text-xs text-muted-foreground">{FELT_LABEL}</dt>
        <dd className="font-bold">
          {log.rating}/5 · {ratingLabel(log.rating)}
        </dd>
      </div>
    </dl>
  );
}

export default function WorkoutLogPage() {
  const { id = '' } = useParams<{ id: string }>();
  const logId = Number(id);
  const saved = new URLSearchParams(useSearch()).get('saved') === '1';
  const [, navigate] = useLocation();
  const user = useSessionUser();
  const log = useWorkoutLog(logId);
  const update = useUpdateWorkoutLog(user.data?.id ?? 0);
  const remove = useDeleteWorkoutLog(user.data?.id ?? 0);
  const [editing, setEditing] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const [fresh, setFresh] = useState<PersonalRecord[] | null>(null);
  const units = useUnits();
  const initial = useMemo(() => (log.data ? logFormValues(log.data, units) : null), [log.data, units]);

  const back = (
    <Link href={paths.workoutLogs} className="inline-flex items-center gap-1 text-sm font-semibold hover:underline">
      <ArrowLeft className="h-4 w-4" aria-hidden="true" /> My workouts
    </Link>
  );
  if (log.isPending) {
    return (
      <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10" aria-busy="true">
        {back}
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="h-40" />
      </div>
    );
  }
  if (log.isError) {
    return (
      <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10">
        {back}
        <h1 className="text-2xl font-black">Workout not found</h1>
        <p role="alert">{log.error.message}</p>
      </div>
    );
  }
  const l = log.data;
  const banner = fresh ?? (saved ? l.records : []);

  const onDelete = async () => {
    try {
      await remove.mutateAsync(l.id);
      toast({ title: 'Workout deleted', description: l.workoutName });
      navigate(paths.workoutLogs);
    } catch (err) {
      toast({ title: 'Delete failed', description: errorMessage(err, 'Failed to delete workout'), variant: 'destructive' });
    }
  };

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10">
      {back}
      <NewRecordsBanner records={banner} />
      <header className="flex flex-col gap-3">
        <h1 className="text-3xl font-black tracking-tight break-words">
          {l.workoutId ? (
            <Link href={workoutPath(l.workoutId)} className="underline-offset-4 hover:underline">
              {l.workoutName}
            </Link>
          ) : (
            l.workoutName
          )}
        </h1>
        <p className="flex flex-wrap items-center gap-2 text-muted-foreground">
          <time dateTime={l.completedAt}>{formatDateTime(l.completedAt)}</time>
          {!l.workoutId && <Badge variant="outline">Custom workout</Badge>}
          {l.plannedSessionId != null && <Badge variant="info">Planned session</Badge>}
          {l.edited && (
            <Badge variant="warning" data-testid="edited-badge">
              Edited{l.revision > 1 ? ` ${l.revision} times` : ''}
            </Badge>
          )}
        </p>
        {!editing && (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setEditing(true)}>
              <Pencil className="h-4 w-4" aria-hidden="true" /> Edit
            </Button>
            <Button variant="outline" onClick={() => setConfirm(true)}>
              <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete
            </Button>
          </div>
        )}
      </header>

      {editing && initial ? (
        <section aria-labelledby="edit-heading" className="flex flex-col gap-4">
          <h2 id="edit-heading" className="text-xl font-black">
            Edit workout
          </h2>
          <p className="text-sm text-muted-foreground">The current version is kept in this log's history.</p>
          <LogForm
            initial={initial}
            keepsTime={l.completedAt}
            submitLabel="Save changes"
            pending={update.isPending}
            onCancel={() => setEditing(false)}
            onSubmit={async (input) => {
              const res = await update.mutateAsync({ id: l.id, input });
              if (isQueued(res)) {
                setEditing(false);
                toast({ title: 'Edit kept on this device', description: QUEUED_TEXT });
                return;
              }
              setFresh(res.newRecords ?? []);
              setEditing(false);
              toast({ title: 'Workout updated', description: res.workoutName });
            }}
          />
        </section>
      ) : (
        <>
          <LogSummary log={l} />
          <section aria-labelledby="exercises-heading" className="flex flex-col gap-3">
            <h2 id="exercises-heading" className="text-xl font-black">
              Exercises
            </h2>
            <LogExerciseTable exercises={logActuals(l)} records={l.records} />
          </section>
          {l.notes && (
            <section aria-labelledby="notes-heading">
              <h2 id="notes-heading" className="text-xl font-black">
                Notes
              </h2>
              <p className="mt-2 whitespace-pre-line break-words">{l.notes}</p>
            </section>
          )}
        </>
      )}

      <LogComments comments={l.comments} />

      {l.history.length > 0 && (
        <section aria-labelledby="history-heading" className="flex flex-col gap-3">
          <h2 id="history-heading" className="flex items-center gap-2 text-xl font-black">
            <History className="h-5 w-5" aria-hidden="true" /> Edit history
          </h2>
          <ol className="flex flex-col gap-2" data-testid="log-history">
            {l.history.map((h) => (
              <li key={h.revision} className="rounded-lg border border-border p-3 text-sm">
                <p className="font-semibold">
                  {h.revision === 0 ? 'As first logged' : `Version ${h.revision + 1}`}, replaced{' '}
                  <time dateTime={h.editedAt}>{formatDateTime(h.editedAt)}</time>
                </p>
                <p className="text-muted-foreground">
                  {h.log.workoutName} · {formatDateTime(h.log.completedAt)} · {formatDuration(h.log.duration)} · RPE{' '}
                  {h.log.rpe ?? '—'} · {FELT_LABEL.toLowerCase()} {h.log.rating}/5 · {logActuals(h.log).length} exercises
                </p>
              </li>
            ))}
          </ol>
        </section>
      )}

      <DeleteLogDialog log={confirm ? l : null} pending={remove.isPending} onCancel={() => setConfirm(false)} onDelete={onDelete} />
    </div>
  );
}

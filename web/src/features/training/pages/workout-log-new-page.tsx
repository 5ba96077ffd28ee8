import { useMemo } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { ArrowLeft, CalendarCheck } from 'lucide-react';
import { paths, workoutLogPath } from '@/app/paths';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useSessionUser } from '@/lib/session';
import { usePlannedSession } from '../api/get-planned-session';
import { useCreateWorkoutLog } from '../api/workout-log-mutations';
import { useUnits } from '@/lib/units';
import { LogForm, logFormValues } from '../components/log-form';
import { isQueued, QUEUED_TEXT } from '@/lib/offline/send';

/**
 * /workout-logs/new: log a workout. `?planned=<calendar session id>` logs a
 * planned session (pre-filled from the calendar; saving marks it done);
 * `?workout=<id>` starts from a library workout.
 */
export default function WorkoutLogNewPage() {
  const search = new URLSearchParams(useSearch());
  const plannedParam = Number(search.get('planned'));
  const plannedId = Number.isInteger(plannedParam) && plannedParam > 0 ? plannedParam : null;
  const workoutParam = Number(search.get('workout'));
  const workoutId = Number.isInteger(workoutParam) && workoutParam > 0 ? workoutParam : null;
  const [, navigate] = useLocation();
  const user = useSessionUser();
  const planned = usePlannedSession(plannedId);
  const create = useCreateWorkoutLog(user.data?.id ?? 0);

  const p = planned.data;
  const units = useUnits();
  const initial = useMemo(
    () =>
      logFormValues(
        p
          ? { workoutId: p.workoutId ?? null, workoutName: p.title, duration: p.minutes || 30, exercises: p.exercises ?? [] }
          : workoutId
            ? { workoutId }
            : undefined,
        units,
      ),
    [p, workoutId, units],
  );

  if (user.data == null || (plannedId != null && planned.isPending)) {
    return <Spinner label="Loading..." showLabel className="mx-auto my-16 flex justify-center" />;
  }

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10">
      <Link href={paths.workoutLogs} className="inline-flex items-center gap-1 text-sm font-semibold hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> My workouts
      </Link>
      <PageHeader title="Log a workout" description="Record what you actually did: per exercise, with your effort." />
      {plannedId != null && p?.logId != null && (
        <p role="status" className="rounded-lg border border-border p-3 text-sm">
          This planned session is already logged:{' '}
          <Link href={workoutLogPath(p.logId)} className="font-semibold underline underline-offset-2">
            open its log
          </Link>
          .
        </p>
      )}
      {plannedId != null && p && p.logId == null && (
        <p className="flex items-start gap-2 rounded-lg border border-border bg-muted/50 p-3 text-sm" data-testid="planned-notice">
          <CalendarCheck className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          <span>
            Logging your planned session <strong>{p.title}</strong> ({p.date}). Saving marks it done on your calendar.
          </span>
        </p>
      )}
      {plannedId != null && !p && (
        <p className="rounded-lg border border-border p-3 text-sm" role="status">
          The planned session could not be loaded; saving still links the log to it if it is yours and not yet done.
        </p>
      )}
      <LogForm
        initial={initial}
        fillFromWorkout
        keepsTime="now"
        submitLabel="Save workout"
        pending={create.isPending}
        onCancel={() => navigate(paths.workoutLogs)}
        onSubmit={async (input) => {
          const log = await create.mutateAsync({ ...input, ...(plannedId != null ? { plannedSessionId: plannedId } : {}) });
          if (isQueued(log)) {
            toast({ title: 'Workout kept on this device', description: `${log.label}. ${QUEUED_TEXT}` });
            navigate(paths.workoutLogs);
            return;
          }
          const prs = log.newRecords?.length ?? 0;
          toast({ title: prs ? `Workout logged: ${prs} new PR${prs > 1 ? 's' : ''}!` : 'Workout logged', description: log.workoutName });
          navigate(`${workoutLogPath(log.id)}?saved=1`);
        }}
      />
    </div>
  );
}

import { Link } from 'wouter';
import { CalendarDays, CheckCircle2, Circle, CircleAlert, Moon, Flag } from 'lucide-react';
import { paths, workoutLogPath, workoutPath } from '@/app/paths';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { QueryState } from '@/components/ui/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '@/lib/format';
import { shownStatus } from '@/lib/session-status';
import { useTrainingHome } from '../api/get-home';
import type { HomeSession, TrainingHome } from '../api/types';
import { LoadFigures } from './load-panel';

// The signed-in home's training blocks (docs/training-logs.md#the-signed-in-home):
// Today first, then the week strip, then load and compliance.

const DAY_SHORT = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** A session's state on the week strip: done, rest, or its shown status (a planned session of a past day is missed). */
function weekStatus(s: HomeSession, today: string): string {
  if (s.done) return 'done';
  if (s.kind === 'rest') return 'rest';
  return shownStatus(s, today);
}

function SessionIcon({ s, status }: { s: HomeSession; status: string }) {
  if (status === 'done') return <CheckCircle2 className="h-4 w-4 text-green-700 dark:text-green-400" aria-label="done" />;
  if (status === 'rest') return <Moon className="h-4 w-4" aria-label="rest" />;
  if (s.kind === 'race') return <Flag className="h-4 w-4" aria-label="race" />;
  if (status === 'missed') return <CircleAlert className="h-4 w-4 text-red-700 dark:text-red-400" aria-label="missed" />;
  return <Circle className="h-4 w-4" aria-label={status} />;
}

function TodaySession({ s }: { s: HomeSession }) {
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4 sm:flex-row sm:items-center" data-testid="today-session">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-bold">
          {s.workoutId ? (
            <Link href={workoutPath(s.workoutId)} className="underline-offset-4 hover:underline">
              {s.title}
            </Link>
          ) : (
            s.title
          )}
          {s.kind !== 'training' && <Badge variant="outline">{s.kind === 'rest' ? 'Rest day' : 'Race'}</Badge>}
          {s.done && <Badge variant="success">Done</Badge>}
          {s.status === 'skipped' && <Badge>Skipped</Badge>}
        </p>
        <p className="text-sm text-muted-foreground">
          {s.minutes > 0 && `${s.minutes} min`}
          {s.minutes > 0 && s.rpe > 0 && ' · '}
          {s.rpe > 0 && `target RPE ${s.rpe}`}
          {s.details && <span className="block break-words">{s.details}</span>}
        </p>
      </div>
      {s.kind !== 'rest' &&
        (s.done && s.logId ? (
          <Button variant="outline" size="sm" asChild>
            <Link href={workoutLogPath(s.logId)}>View log</Link>
          </Button>
        ) : s.status !== 'skipped' ? (
          <Button size="sm" asChild>
            <Link href={`${paths.workoutLogNew}?planned=${s.id}`} aria-label={`Log ${s.title}`}>
              Log it
            </Link>
          </Button>
        ) : null)}
    </li>
  );
}

/**
 * The block's sections while the day loads, each about its height with a new
 * athlete's data (Nothing planned, the week strip, the load figures), so the
 * sections below do not jump when it arrives.
 */
function HomeTodayLoading() {
  return (
    <div className="flex flex-col gap-8" aria-busy="true">
      <section className="flex flex-col gap-3">
        <h2 className="text-2xl font-black">Today</h2>
        <Skeleton className="h-[90px] rounded-xl sm:h-[66px]" />
      </section>
      <section className="flex flex-col gap-3">
        <h2 className="flex items-center gap-2 text-xl font-black">
          <CalendarDays className="h-5 w-5" aria-hidden="true" /> This week
        </h2>
        <Skeleton className="h-20" />
      </section>
      <section className="flex flex-col gap-3">
        <h2 className="text-xl font-black">Load and compliance</h2>
        <Skeleton className="h-[180px] sm:h-[70px]" />
        <Skeleton className="h-5" />
      </section>
    </div>
  );
}

export function HomeToday() {
  const home = useTrainingHome();
  return (
    <QueryState query={home} pending={<HomeTodayLoading />}>
      {(h) => <HomeTodayView h={h} />}
    </QueryState>
  );
}

function HomeTodayView({ h }: { h: TrainingHome }) {
  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="today-heading" className="flex flex-col gap-3">
        <h2 id="today-heading" className="text-2xl font-black">
          Today
        </h2>
        {h.todaySessions.length === 0 ? (
          <p className="rounded-xl border border-dashed border-border p-5 text-muted-foreground">
            Nothing planned today.{' '}
            <Link href={paths.training} className="font-semibold text-foreground underline underline-offset-2">
              Start a plan
            </Link>{' '}
            or{' '}
            <Link href={paths.workoutLogNew} className="font-semibold text-foreground underline underline-offset-2">
              log a workout
            </Link>
            .
          </p>
        ) : (
          <ul className="flex flex-col gap-3">
            {h.todaySessions.map((s) => (
              <TodaySession key={s.id} s={s} />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="week-heading" className="flex flex-col gap-3">
        <h2 id="week-heading" className="flex items-center gap-2 text-xl font-black">
          <CalendarDays className="h-5 w-5" aria-hidden="true" /> This week
        </h2>
        <ol className="grid grid-cols-7 gap-1 sm:gap-2" data-testid="week-strip">
          {h.week.map((d, i) => {
            const isToday = d.date === h.today;
            const sessions = d.sessions.map((s) => ({ s, status: weekStatus(s, h.today) }));
            return (
              <li
                key={d.date}
                className={`flex min-h-20 flex-col items-center gap-1 rounded-lg border p-1 text-center text-xs sm:p-2 ${isToday ? 'border-2 border-foreground' : 'border-border'}`}
                aria-label={`${DAY_SHORT[i]} ${d.date}${isToday ? ', today' : ''}: ${sessions.length === 0 ? 'nothing planned' : sessions.map(({ s, status }) => `${s.title} (${status})`).join(', ')}`}
              >
                <span className="font-bold">{DAY_SHORT[i]}</span>
                <span className="text-muted-foreground">{Number(d.date.slice(8, 10))}</span>
                <span className="flex w-full flex-col items-center gap-0.5" aria-hidden="true">
                  {sessions.map(({ s, status }) => (
                    <span key={s.id} className="flex w-full min-w-0 items-center justify-center gap-1">
                      <SessionIcon s={s} status={status} />
                      <span className="hidden truncate md:inline">{s.title}</span>
                    </span>
                  ))}
                </span>
              </li>
            );
          })}
        </ol>
      </section>

      <section aria-labelledby="home-load-heading" className="flex flex-col gap-3">
        <h2 id="home-load-heading" className="text-xl font-black">
          Load and compliance
        </h2>
        <LoadFigures load={h.load} />
        <p className="text-sm">
          {h.latestLog ? (
            <>
              Latest workout:{' '}
              <Link href={workoutLogPath(h.latestLog.id)} className="font-semibold underline underline-offset-2">
                {h.latestLog.workoutName}
              </Link>
              , {formatDateTime(h.latestLog.completedAt)}.{' '}
            </>
          ) : (
            'No workouts logged yet. '
          )}
          <Link href={paths.workoutLogs} className="font-semibold underline underline-offset-2">
            Charts and records
          </Link>
        </p>
      </section>
    </div>
  );
}

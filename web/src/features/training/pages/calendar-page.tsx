import { lazy, Suspense, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { Check, ChevronLeft, ChevronRight, ClipboardPen, Dumbbell, SkipForward, Undo2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { QueryState } from '@/components/ui/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import { paths, workoutPath } from '@/app/paths';
import { cn } from '@/lib/cn';
import { type CalendarSession, useCalendar, usePatchSession } from '../api/programs';
import { CalendarFeedCard } from '../components/calendar-feed-card';
import { SessionExercises } from '../components/session-exercises';
import { shownStatus, type ShownStatus } from '@/lib/session-status';
import { addDays, formatDay, mondayOf, monthGrid, monthLabel, parseISODate, toISODate, today } from '../lib/dates';

// The move form (and the form kit with it) loads when Move is pressed, not with the week.
const MoveSessionForm = lazy(() => import('../components/move-session-form'));

type View = 'week' | 'month';

const STATUS_LABEL: Record<ShownStatus, string> = { planned: 'Planned', done: 'Done', skipped: 'Skipped', missed: 'Missed' };
const STATUS_VARIANT = { planned: 'info', done: 'success', skipped: 'default', missed: 'danger' } as const;
/** A session's colour in the month grid (the badge colours of the week view). */
const MONTH_CLASS: Record<ShownStatus, string> = {
  planned: 'bg-blue-100 text-blue-900 dark:bg-blue-950 dark:text-blue-200',
  done: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200',
  skipped: 'bg-muted line-through',
  missed: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
};

function isoOrToday(s: string | null): string {
  return s && /^\d{4}-\d{2}-\d{2}$/.test(s) ? s : today();
}

/** /calendar: the athlete's planned, done and skipped sessions by week or month (docs/training.md#calendar). */
export default function CalendarPage() {
  const search = new URLSearchParams(useSearch());
  const [date, setDate] = useState(() => isoOrToday(search.get('date')));
  const [view, setView] = useState<View>(search.get('view') === 'month' ? 'month' : 'week');
  const week = { from: mondayOf(date), to: addDays(mondayOf(date), 6) };
  const grid = monthGrid(date);
  const range = view === 'week' ? week : grid;
  const cal = useCalendar(range.from, range.to);
  const byDate = new Map<string, CalendarSession[]>();
  for (const s of cal.data?.sessions ?? []) byDate.set(s.date, [...(byDate.get(s.date) ?? []), s]);
  const step = (dir: number) => {
    if (view === 'week') setDate(addDays(date, 7 * dir));
    else {
      const d = parseISODate(date);
      setDate(toISODate(new Date(d.getFullYear(), d.getMonth() + dir, 15)));
    }
  };
  const title = view === 'week' ? `Week of ${formatDay(week.from, { day: 'numeric', month: 'long', year: 'numeric' })}` : monthLabel(addDays(grid.from, 14));
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10">
      <PageHeader
        size="lg"
        title="Calendar"
        description={<span aria-live="polite">{title}</span>}
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <div className="flex rounded-md border border-input" role="group" aria-label="View">
              {(['week', 'month'] as const).map((v) => (
                <Button
                  key={v}
                  type="button"
                  size="sm"
                  variant={view === v ? 'secondary' : 'ghost'}
                  aria-pressed={view === v}
                  onClick={() => setView(v)}
                >
                  {v === 'week' ? 'Week' : 'Month'}
                </Button>
              ))}
            </div>
            <Button type="button" size="icon" variant="outline" aria-label={`Previous ${view}`} onClick={() => step(-1)}>
              <ChevronLeft className="h-4 w-4" aria-hidden="true" />
            </Button>
            <Button type="button" variant="outline" onClick={() => setDate(today())}>
              Today
            </Button>
            <Button type="button" size="icon" variant="outline" aria-label={`Next ${view}`} onClick={() => step(1)}>
              <ChevronRight className="h-4 w-4" aria-hidden="true" />
            </Button>
          </div>
        }
      />

      <QueryState query={cal} pending={<Skeleton className="h-96 w-full" />}>
        {(data) => (
          <>
            {view === 'week' ? (
              <WeekView from={week.from} byDate={byDate} />
            ) : (
              <MonthView
                grid={grid}
                byDate={byDate}
                onPick={(d) => {
                  setDate(d);
                  setView('week');
                }}
              />
            )}
            {data.sessions.length === 0 && (
              <p className="text-sm text-muted-foreground">
                Nothing planned here. Start a <Link href={paths.training} className="underline">training plan</Link> or{' '}
                <Link href={paths.programs} className="underline">your own program</Link> to fill your calendar.
              </p>
            )}
          </>
        )}
      </QueryState>
      {/* Below the week once it is there: under its placeholder it would jump down (layout shift). */}
      {!cal.isPending && <CalendarFeedCard />}
    </div>
  );
}

function WeekView({ from, byDate }: { from: string; byDate: Map<string, CalendarSession[]> }) {
  const now = today();
  return (
    <ol className="grid gap-3 lg:grid-cols-7" aria-label="Days of the week">
      {Array.from({ length: 7 }, (_, i) => addDays(from, i)).map((d) => (
        <li
          key={d}
          className={cn('flex min-h-28 flex-col gap-2 rounded-xl border border-border bg-card p-3', d === now && 'ring-2 ring-primary')}
          data-testid="calendar-day"
          data-date={d}
        >
          <h2 className="text-sm font-bold">
            {formatDay(d)}
            {d === now && <span className="ml-2 text-xs font-semibold text-accent-text">Today</span>}
          </h2>
          {(byDate.get(d) ?? []).map((s) => (
            <SessionCard key={s.id} s={s} />
          ))}
          {(byDate.get(d) ?? []).length === 0 && <p className="text-xs text-muted-foreground">Rest</p>}
        </li>
      ))}
    </ol>
  );
}

function SessionCard({ s }: { s: CalendarSession }) {
  const shown = shownStatus(s);
  // Skip and unskip answer here; a move answers in its form.
  const patch = usePatchSession();
  const [moving, setMoving] = useState(false);
  const error = patch.error && 'errors' in patch.error ? Object.values((patch.error as { errors: Record<string, string> }).errors)[0] : undefined;
  return (
    <Card className={cn('flex flex-col gap-1 p-2 text-sm shadow-none', s.status === 'skipped' && 'opacity-70')} data-testid="calendar-session">
      <div className="flex flex-wrap items-center gap-1">
        <Badge variant={STATUS_VARIANT[shown]}>
          {s.status === 'done' && <Check className="h-3 w-3" aria-hidden="true" />}
          {STATUS_LABEL[shown]}
        </Badge>
        {s.kind === 'race' && <Badge variant="primary">Race</Badge>}
      </div>
      <p className={cn('font-semibold', s.status === 'skipped' && 'line-through')}>{s.title}</p>
      {s.workoutId != null && s.workoutName && (
        <Link href={workoutPath(s.workoutId)} className="inline-flex items-center gap-1 text-xs underline-offset-2 hover:underline">
          <Dumbbell className="h-3 w-3" aria-hidden="true" /> {s.workoutName}
        </Link>
      )}
      <p className="text-xs text-muted-foreground">
        {s.minutes > 0 && `${s.minutes} min`}
        {s.rpe > 0 && `, RPE ${s.rpe}`}
        {s.programName && ` · ${s.programName}`}
        {s.originalDate !== s.date && ` · moved from ${formatDay(s.originalDate)}`}
      </p>
      <details className="text-xs">
        <summary className="cursor-pointer font-semibold">Details</summary>
        {s.details && <p className="mt-1">{s.details}</p>}
        <SessionExercises exercises={s.exercises} />
      </details>
      <div className="mt-1 flex flex-wrap gap-1">
        {s.status !== 'done' && (
          <Link
            href={`${paths.workoutLogNew}?planned=${s.id}`}
            className="inline-flex h-8 items-center gap-1 rounded-md bg-primary px-2 text-xs font-semibold text-primary-foreground"
          >
            <ClipboardPen className="h-3 w-3" aria-hidden="true" /> Log this session
          </Link>
        )}
        {s.status === 'planned' && (
          <Button type="button" size="sm" variant="outline" className="h-8 px-2 text-xs" onClick={() => patch.mutate({ id: s.id, status: 'skipped' })}>
            <SkipForward className="h-3 w-3" aria-hidden="true" /> Skip
          </Button>
        )}
        {s.status === 'skipped' && (
          <Button type="button" size="sm" variant="outline" className="h-8 px-2 text-xs" onClick={() => patch.mutate({ id: s.id, status: 'planned' })}>
            <Undo2 className="h-3 w-3" aria-hidden="true" /> Unskip
          </Button>
        )}
        <Button type="button" size="sm" variant="ghost" className="h-8 px-2 text-xs" aria-expanded={moving} onClick={() => setMoving(!moving)}>
          Move
        </Button>
      </div>
      {moving && (
        <Suspense fallback={null}>
          <MoveSessionForm s={s} onMoved={() => setMoving(false)} />
        </Suspense>
      )}
      {(error ?? patch.error?.message) && (
        <p role="alert" className="text-xs text-destructive">
          {error ?? patch.error?.message}
        </p>
      )}
    </Card>
  );
}

function MonthView({
  grid,
  byDate,
  onPick,
}: {
  grid: { from: string; month: number };
  byDate: Map<string, CalendarSession[]>;
  onPick: (d: string) => void;
}) {
  const now = today();
  const days = Array.from({ length: 42 }, (_, i) => addDays(grid.from, i));
  return (
    <div>
      <div className="grid grid-cols-7 gap-1 text-center text-xs font-bold text-muted-foreground" aria-hidden="true">
        {['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].map((d) => (
          <span key={d}>{d}</span>
        ))}
      </div>
      <ol className="mt-1 grid grid-cols-7 gap-1" aria-label="Days of the month">
        {days.map((d) => {
          const ses = (byDate.get(d) ?? []).map((s) => ({ ...s, shown: shownStatus(s, now) }));
          const other = parseISODate(d).getMonth() !== grid.month;
          return (
            <li key={d} data-testid="month-day" data-date={d}>
              <button
                type="button"
                onClick={() => onPick(d)}
                aria-label={`${formatDay(d, { weekday: 'long', day: 'numeric', month: 'long' })}: ${
                  ses.length === 0 ? 'rest' : ses.map((s) => `${s.title} (${STATUS_LABEL[s.shown]})`).join(', ')
                }`}
                className={cn(
                  'flex h-20 w-full flex-col items-start gap-0.5 overflow-hidden rounded-md border border-border bg-card p-1 text-left text-xs sm:h-24',
                  other && 'text-muted-foreground',
                  d === now && 'ring-2 ring-primary',
                )}
              >
                <span className="font-bold">{parseISODate(d).getDate()}</span>
                {ses.map((s) => (
                  <span
                    key={s.id}
                    className={cn('w-full truncate rounded px-1', MONTH_CLASS[s.shown])}
                  >
                    {s.title}
                  </span>
                ))}
              </button>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

import { useState, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { Link, useParams } from 'wouter';
import { ArrowLeft, ChevronLeft, ChevronRight, MessageSquare, PenSquare } from 'lucide-react';
import { paths } from '@/app/paths';
import { loadRatioText } from '@/lib/load';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { FormError, FormField } from '@/components/ui/form-field';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-client';
import { useApiForm } from '@/components/ui/use-api-form';
import { formatDate, formatDateTime, formatDuration, toLocalISODate } from '@/lib/format';
import { shownStatus } from '@/lib/session-status';
import {
  MAX_COMMENT_CHARS,
  useAddComment,
  useAthlete,
  useAthleteView,
  useLogDetail,
  useMarkSeen,
  type CalendarSession,
  type LoadSummary,
  type NutritionHistory,
  type Program,
  type RaceResult,
  type WorkoutLogDetail,
  type WorkoutLogPage,
} from '../api/workspace';
import { AttentionBadges } from '../components/athlete-list';
import { messageSchema, type MessageValues } from '../schemas';

// /coach/athletes/:id: one athlete's data, read only, through the coach's
// view (docs/coaching.md#reading-an-athletes-data).

function Section({ id, title, children, action }: { id: string; title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-heading`} className="text-xl font-black">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** A read's loading, error and empty states; children render the data. */
function Loaded<T>({ q, label, children }: { q: { isPending: boolean; isError: boolean; error: unknown; data?: T }; label: string; children: (d: T) => ReactNode }) {
  if (q.isPending) {
    return (
      <div role="status" aria-label={`Loading ${label}`}>
        <Skeleton className="h-16" />
      </div>
    );
  }
  if (q.isError) return <p className="text-sm text-muted-foreground">{errorMessage(q.error)}</p>;
  return <>{children(q.data as T)}</>;
}

const addDays = (d: Date, n: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + n);
const mondayOf = (d: Date) => addDays(d, -((d.getDay() + 6) % 7));
const clock = (s: number) => `${Math.floor(s / 3600)}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;

function sessionStatus(s: CalendarSession) {
  if (s.kind === 'rest') return <Badge variant="outline">Rest</Badge>;
  if (s.logId) return <Badge variant="success">Done</Badge>;
  const shown = shownStatus(s);
  if (shown === 'skipped') return <Badge variant="warning">Skipped</Badge>;
  if (shown === 'missed') return <Badge variant="danger">Missed</Badge>;
  return <Badge variant="info">Planned</Badge>;
}

function WeekCalendar({ athleteId }: { athleteId: number }) {
  const [monday, setMonday] = useState(() => mondayOf(new Date()));
  const from = toLocalISODate(monday);
  const to = toLocalISODate(addDays(monday, 6));
  const q = useAthleteView<{ sessions: CalendarSession[] }>(athleteId, `calendar?from=${from}&to=${to}`);
  const days = Array.from({ length: 7 }, (_, i) => toLocalISODate(addDays(monday, i)));
  return (
    <Section
      id="calendar"
      title="Calendar"
      action={
        <div className="flex items-center gap-1">
          <Button variant="outline" size="sm" onClick={() => setMonday(addDays(monday, -7))} aria-label="Previous week">
            <ChevronLeft className="h-4 w-4" aria-hidden="true" />
          </Button>
          <span className="px-2 text-sm font-semibold" aria-live="polite">
            Week of {formatDate(monday)}
          </span>
          <Button variant="outline" size="sm" onClick={() => setMonday(addDays(monday, 7))} aria-label="Next week">
            <ChevronRight className="h-4 w-4" aria-hidden="true" />
          </Button>
        </div>
      }
    >
      <Loaded q={q} label="the calendar">
        {(d) => (
          <ol className="grid gap-2 sm:grid-cols-7" data-testid="athlete-calendar">
            {days.map((day) => {
              const list = d.sessions.filter((s) => s.date === day);
              return (
                <li key={day} className="rounded-lg border border-border p-2 text-sm">
                  <p className="text-xs font-semibold text-muted-foreground">
                    {new Date(`${day}T00:00:00`).toLocaleDateString('en-US', { weekday: 'short', day: 'numeric' })}
                  </p>
                  {list.length === 0 ? (
                    <p className="text-xs text-muted-foreground">Nothing planned</p>
                  ) : (
                    <ul className="mt-1 flex flex-col gap-1.5">
                      {list.map((s) => (
                        <li key={s.id} className="flex flex-col gap-0.5">
                          <span className="font-medium break-words">{s.title}</span>
                          <span className="flex flex-wrap items-center gap-1 text-xs text-muted-foreground">
                            {sessionStatus(s)}
                            {s.minutes > 0 && formatDuration(s.minutes)}
                          </span>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              );
            })}
          </ol>
        )}
      </Loaded>
    </Section>
  );
}

function CommentForm({ athleteId, logId }: { athleteId: number; logId: number }) {
  const add = useAddComment(athleteId, logId);
  const { form, formError, submit } = useApiForm<MessageValues>({ schema: messageSchema, defaultValues: { body: '' } });
  const body = useWatch({ control: form.control, name: 'body' });
  const onSubmit = submit(async (values) => {
    await add.mutateAsync(values.body);
    form.reset();
  });
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-2" noValidate>
      <FormField
        id={`comment-${logId}`}
        label="Your comment"
        hint={`The athlete sees it on this log and gets a line in your conversation. Up to ${MAX_COMMENT_CHARS} characters.`}
        error={form.formState.errors.body?.message}
      >
        {(c) => <Textarea {...c} {...form.register('body')} rows={3} maxLength={MAX_COMMENT_CHARS} />}
      </FormField>
      <FormError message={formError} />
      <Button type="submit" className="self-start" disabled={add.isPending || body.trim() === ''}>
        <MessageSquare className="h-4 w-4" aria-hidden="true" /> Comment
      </Button>
    </form>
  );
}

/** What the app composes into a log's detail: the per-exercise table of the training area. */
export type LogExercisesView = (log: WorkoutLogDetail) => ReactNode;

function LogDetail({ athleteId, logId, exercises }: { athleteId: number; logId: number; exercises?: LogExercisesView }) {
  const q = useLogDetail(athleteId, logId);
  return (
    <Loaded q={q} label="the log">
      {(l) => (
        <div className="flex flex-col gap-3 border-t border-border pt-3" data-testid="log-detail">
          <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
            <div>
              <dt className="text-xs text-muted-foreground">Duration</dt>
              <dd className="font-bold">{formatDuration(l.duration)}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Effort (RPE)</dt>
              <dd className="font-bold">{l.rpe ? `${l.rpe}/10` : 'Not rated'}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">How it felt</dt>
              <dd className="font-bold">{l.rating}/5</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Records held</dt>
              <dd className="font-bold">{l.records.length}</dd>
            </div>
          </dl>
          {exercises?.(l)}
          {l.notes && <p className="text-sm whitespace-pre-line break-words">{l.notes}</p>}
          <h3 className="font-bold">Comments</h3>
          {l.comments.length === 0 ? (
            <p className="text-sm text-muted-foreground">No comments yet.</p>
          ) : (
            <ol className="flex flex-col gap-2" data-testid="coach-log-comments">
              {l.comments.map((c) => (
                <li key={c.id} className="rounded-lg bg-muted p-2 text-sm">
                  <p className="text-xs text-muted-foreground">
                    {c.username} · <time dateTime={c.createdAt}>{formatDateTime(c.createdAt)}</time>
                  </p>
                  <p className="whitespace-pre-line break-words">{c.body}</p>
                </li>
              ))}
            </ol>
          )}
          <CommentForm athleteId={athleteId} logId={l.id} />
        </div>
      )}
    </Loaded>
  );
}

function RecentLogs({ athleteId, exercises }: { athleteId: number; exercises?: LogExercisesView }) {
  const q = useAthleteView<WorkoutLogPage>(athleteId, 'workout-logs?limit=10');
  const [open, setOpen] = useState<number | null>(null);
  return (
    <Section id="logs" title="Recent logs">
      <Loaded q={q} label="the logs">
        {(d) =>
          d.items.length === 0 ? (
            <p className="text-sm text-muted-foreground">No workouts logged yet.</p>
          ) : (
            <ul className="flex flex-col gap-2" data-testid="athlete-logs">
              {d.items.map((l) => (
                <li key={l.id} className="rounded-lg border border-border p-3">
                  <button
                    type="button"
                    className="flex w-full flex-wrap items-center justify-between gap-2 text-left"
                    aria-expanded={open === l.id}
                    onClick={() => setOpen(open === l.id ? null : l.id)}
                  >
                    <span className="font-semibold break-words">{l.workoutName}</span>
                    <span className="text-sm text-muted-foreground">
                      {formatDateTime(l.completedAt)} · {formatDuration(l.duration)}
                      {l.rpe ? ` · RPE ${l.rpe}` : ''}
                    </span>
                  </button>
                  {open === l.id && <LogDetail athleteId={athleteId} logId={l.id} exercises={exercises} />}
                </li>
              ))}
            </ul>
          )
        }
      </Loaded>
    </Section>
  );
}

function Load({ athleteId }: { athleteId: number }) {
  const q = useAthleteView<LoadSummary & { warning: boolean }>(athleteId, `training-load?today=${toLocalISODate()}&tzOffset=${-new Date().getTimezoneOffset()}`);
  return (
    <Section id="load" title="Training load">
      <Loaded q={q} label="the training load">
        {(t) => (
          <>
<dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
            <div>
              <dt className="text-xs text-muted-foreground">Last 7 days</dt>
              <dd className="font-bold">{Math.round(t.acute7)}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Weekly average (28 days)</dt>
              <dd className="font-bold">{Math.round(t.chronic28)}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Ratio</dt>
              <dd className="font-bold">
                {loadRatioText(t)} {t.warning && <Badge variant="danger">Spike</Badge>}
              </dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">Compliance (28 days)</dt>
              <dd className="font-bold">
                {t.plannedSessions > 0 ? `${Math.round(t.compliance * 100)}% (${t.doneSessions}/${t.plannedSessions})` : 'Nothing planned'}
              </dd>
            </div>
          </dl>
<p className="mt-2 text-xs text-muted-foreground">{t.message}</p>
</>
        )}
      </Loaded>
    </Section>
  );
}

function Programs({ athleteId }: { athleteId: number }) {
  const q = useAthleteView<Program[]>(athleteId, 'programs');
  return (
    <Section
      id="programs"
      title="Programs"
      action={
        <Button asChild size="sm">
          <Link href={`${paths.programNew}?athlete=${athleteId}`}>
            <PenSquare className="h-4 w-4" aria-hidden="true" /> Write a program
          </Link>
        </Button>
      }
    >
      <Loaded q={q} label="the programs">
        {(list) =>
          list.length === 0 ? (
            <p className="text-sm text-muted-foreground">No programs yet.</p>
          ) : (
            <ul className="flex flex-col gap-1 text-sm">
              {list.map((p) => (
                <li key={p.id} className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold break-words">{p.name}</span>
                  <Badge variant="outline">{p.status}</Badge>
                  <span className="text-muted-foreground">{p.weekCount} weeks</span>
                </li>
              ))}
            </ul>
          )
        }
      </Loaded>
    </Section>
  );
}

function Results({ athleteId }: { athleteId: number }) {
  const q = useAthleteView<{ items: RaceResult[] }>(athleteId, 'race-results?limit=5');
  const analytics = useAthleteView<{ readiness: { score: number; summary: string } | null; resultCount: number }>(athleteId, 'analytics');
  return (
    <Section id="results" title="Race results">
      <Loaded q={q} label="the race results">
        {(d) =>
          d.items.length === 0 ? (
            <p className="text-sm text-muted-foreground">No race results yet.</p>
          ) : (
            <ul className="flex flex-col gap-1 text-sm" data-testid="athlete-results">
              {d.items.map((r) => (
                <li key={r.id} className="flex flex-col border-b border-border pb-1 last:border-0">
                  <span className="flex items-baseline justify-between gap-2">
                    <span className="font-semibold break-words">{r.eventName}</span>
                    <span className="font-mono">{clock(r.totalSeconds)}</span>
                  </span>
                  <span className="text-xs text-muted-foreground">
                    {formatDate(`${r.date}T00:00:00`)} · {r.kind} · {r.division}
                  </span>
                </li>
              ))}
            </ul>
          )
        }
      </Loaded>
      {analytics.data?.readiness && (
        <p className="text-sm">
          <span className="font-semibold">Race readiness: {analytics.data.readiness.score}/100.</span> {analytics.data.readiness.summary}
        </p>
      )}
    </Section>
  );
}

type NutritionDay = NutritionHistory['days'][number];
const NUTRITION_COLUMNS: Column<NutritionDay>[] = [
  {
    header: 'Day',
    rowHeader: true,
    cell: (d) => new Date(`${d.date}T00:00:00`).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric' }),
  },
  { header: 'kcal', align: 'right', className: 'tabular-nums', cell: (d) => (d.logged ? d.calories : '—') },
  { header: 'Protein', align: 'right', className: 'tabular-nums', cell: (d) => (d.logged ? `${d.protein} g` : '—') },
  { header: 'On target', align: 'right', cell: (d) => (d.logged ? (d.onTarget ? 'Yes' : 'No') : 'Not logged') },
];

function Nutrition({ athleteId }: { athleteId: number }) {
  const q = useAthleteView<NutritionHistory>(athleteId, 'nutrition/history');
  return (
    <Section id="nutrition" title="Nutrition, last 7 days">
      <Loaded q={q} label="the nutrition days">
        {(h) => (
          <DataTable columns={NUTRITION_COLUMNS} rows={h.days} rowKey={(d) => d.date} caption="Nutrition days" />
        )}
      </Loaded>
    </Section>
  );
}

export default function AthletePage({ logExercises }: { logExercises?: LogExercisesView }) {
  const { id = '' } = useParams<{ id: string }>();
  const athleteId = Number(id) || 0;
  const athlete = useAthlete(athleteId);
  useMarkSeen(athleteId, athlete.isSuccess);
  const back = (
    <Link href={paths.coach} className="inline-flex items-center gap-1 text-sm font-semibold hover:underline">
      <ArrowLeft className="h-4 w-4" aria-hidden="true" /> My athletes
    </Link>
  );
  if (athlete.isPending) {
    return (
      <div className="mx-auto flex max-w-5xl flex-col gap-4 px-4 py-10" aria-busy="true">
        {back}
        <Skeleton className="h-10 w-1/2" />
        <Skeleton className="h-40" />
      </div>
    );
  }
  if (athlete.isError) {
    return (
      <div className="mx-auto flex max-w-5xl flex-col gap-4 px-4 py-10">
        {back}
        <h1 className="text-2xl font-black">Athlete not found</h1>
        <p role="alert">{errorMessage(athlete.error)}</p>
      </div>
    );
  }
  const a = athlete.data;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-10">
      {back}
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-black tracking-tight break-words">{a.username}</h1>
        <p className="text-sm text-muted-foreground">Coached since {formatDate(a.since)} · read only</p>
        <AttentionBadges athlete={a} />
        <p className="text-sm">
          <Link href={paths.coaching} className="font-semibold underline underline-offset-2">
            Message {a.username}
          </Link>
        </p>
      </header>
      <WeekCalendar athleteId={a.id} />
      <RecentLogs athleteId={a.id} exercises={logExercises} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Load athleteId={a.id} />
        <Programs athleteId={a.id} />
      </div>
      <Results athleteId={a.id} />
      <Nutrition athleteId={a.id} />
    </div>
  );
}

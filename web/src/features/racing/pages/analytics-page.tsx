import { VenueTime } from '../components/venue-time';
import { Link } from 'wouter';
import { Activity, Gauge, Lightbulb, Timer } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { DataTable, type Column } from '@/components/ui/data-table';
import { PageHeader } from '@/components/ui/page-header';
import { QueryState } from '@/components/ui/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useAnalytics } from '../api/get-analytics';
import { useRaceGoal, useSetRaceGoal } from '../api/race-goal';
import type { Analytics } from '../api/types';
import { RoxzoneChart, SplitBars, SplitTable, TrendChart } from '../components/charts';
import { RoadPrediction } from '../components/road-prediction';
import { STATIONS, divisionLabel, formatClock, formatDay, formatDelta } from '../lib/race';
import { TimeField } from '@/components/ui/time-input';
import { useApiForm } from '@/components/ui/use-api-form';
import { raceGoalSchema, type RaceGoalOutput, type RaceGoalValues } from '../schemas';

function H2({ id, children }: { id: string; children: React.ReactNode }) {
  return (
    <h2 id={id} className="text-xl font-bold">
      {children}
    </h2>
  );
}

/** The goal time form: sets the one stored goal (race strategy plans for it too); empty clears it. */
function GoalForm({ goal }: { goal: number | null }) {
  const save = useSetRaceGoal();
  const { form, formError, submit } = useApiForm<RaceGoalValues, RaceGoalOutput>({
    schema: raceGoalSchema,
    defaultValues: { goalSeconds: goal ? formatClock(goal) : '' },
  });
  const onSubmit = submit(({ goalSeconds }) => save.mutateAsync(goalSeconds));
  return (
    <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-2" noValidate>
      <TimeField
        control={form.control}
        name="goalSeconds"
        id="goal"
        label="Goal time (h:mm:ss)"
        className="gap-1"
        inputClassName="w-32"
      />
      <Button type="submit" variant="outline" disabled={save.isPending}>Set goal</Button>
      {formError && <p role="alert" className="w-full text-xs font-medium text-destructive">{formError}</p>}
    </form>
  );
}

function Readiness({ a }: { a: Analytics }) {
  const goal = useRaceGoal();
  const r = a.readiness;
  return (
    <Card>
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg font-bold">
          <Gauge className="h-5 w-5 text-accent-text" aria-hidden="true" /> Race readiness
        </h2>
        <p className="text-4xl font-black tabular-nums" data-testid="readiness-score">
          {r.score}
          <span className="text-lg font-semibold text-muted-foreground">/100</span>
        </p>
        <CardDescription>{r.summary}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <ul className="space-y-3">
          {r.parts.map((p) => (
            <li key={p.key}>
              <div className="flex items-baseline justify-between gap-2 text-sm">
                <span className="font-semibold">{p.label}</span>
                <span className="font-mono tabular-nums">{p.available ? `${p.score}/${p.max}` : 'not counted'}</span>
              </div>
              <div className="mt-1 h-2 rounded bg-muted" aria-hidden="true">
                <div className="h-2 rounded bg-foreground" style={{ width: `${p.available ? (p.score / p.max) * 100 : 0}%` }} />
              </div>
              <p className="mt-1 text-xs text-muted-foreground" data-testid={`readiness-${p.key}`}>
                {p.detail}
              </p>
            </li>
          ))}
        </ul>
        {a.loggedSimulations.length > 0 && (
          <div data-testid="logged-simulations">
            <h3 className="text-sm font-semibold">Simulations from your workout log</h3>
            <p className="text-xs text-muted-foreground">Counted as simulation efforts for practice and stations; they are not results and are not on the leaderboard.</p>
            <ul className="mt-1 space-y-1 text-sm">
              {a.loggedSimulations.map((l) => (
                <li key={l.logId}>
                  <Link href={`/workout-logs/${l.logId}`} className="underline underline-offset-2">
                    {l.workoutName}
                  </Link>{' '}
                  ({formatDay(l.date)}): {l.stations.length === 8 ? 'all 8 stations' : l.stations.map((i) => STATIONS[i]).join(', ')}
                </li>
              ))}
            </ul>
          </div>
        )}
        {goal.data && <GoalForm key={goal.data.goalSeconds ?? 'none'} goal={goal.data.goalSeconds} />}
        <p className="text-xs text-muted-foreground">
          Each part scores up to {r.parts[0]?.max ?? 25} points; a part marked &lsquo;not counted&rsquo; has no data yet and is left out, and the score is
          scaled to 100.
        </p>
      </CardContent>
    </Card>
  );
}

type TrendRow = Analytics['trend'][number];
const clockCell = (s: number) => <span className="font-mono tabular-nums">{formatClock(s)}</span>;
const TREND_COLUMNS: Column<TrendRow>[] = [
  { header: 'Date', cell: (t) => formatDay(t.date) },
  { header: 'Event', cell: (t) => `${t.eventName} (${t.kind}${t.complete ? '' : ', partial'})` },
  { header: 'Total', align: 'right', cell: (t) => clockCell(t.totalSeconds) },
  { header: 'Runs', align: 'right', cell: (t) => clockCell(t.runSeconds) },
  { header: 'Stations', align: 'right', cell: (t) => clockCell(t.stationSeconds) },
  { header: 'Roxzone', align: 'right', cell: (t) => clockCell(t.roxzoneSeconds) },
];

const METHOD_LABEL: Record<string, string> = {
  'sum-of-parts': 'sum of parts',
  filled: 'missing parts filled from real race results',
};

function Prediction({ a }: { a: Analytics }) {
  const p = a.prediction;
  if (!p) return null;
  const ranged = p.highSeconds > p.lowSeconds;
  return (
    <Card>
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg font-bold">
          <Timer className="h-5 w-5 text-accent-text" aria-hidden="true" /> Predicted finish
        </h2>
        <p className="font-mono text-4xl font-black tabular-nums" data-testid="predicted-finish">
          {formatClock(p.seconds)}
        </p>
        {ranged && (
          <p className="text-sm" data-testid="predicted-range">
            80% range: <strong className="font-mono">{formatClock(p.lowSeconds)}–{formatClock(p.highSeconds)}</strong>
          </p>
        )}
        <CardDescription>
          Method: {METHOD_LABEL[p.method] ?? p.method}. {p.explanation}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-2 text-sm">
        {p.filledStations.length > 0 && <p>Filled: {p.filledStations.map((i) => STATIONS[i]).join(', ')}.</p>}
        <p data-testid="runs-only">
          From your 8 runs alone: <strong className="font-mono">{formatClock(p.runOnlySeconds)}</strong> (80% range{' '}
          <span className="font-mono">
            {formatClock(p.runOnlyLowSeconds)}–{formatClock(p.runOnlyHighSeconds)}
          </span>
          ), half from your run total and your first and last run against the middle ones (fitted on real races with each venue's own level taken out), half from the median finish of real finishers with your run total.
        </p>
        {a.goalSeconds > 0 && (
          <p>
            Against your goal of <strong className="font-mono">{formatClock(a.goalSeconds)}</strong>:{' '}
            <strong className="font-mono">{formatDelta(p.seconds - a.goalSeconds)}</strong>.
          </p>
        )}
      </CardContent>
    </Card>
  );
}

export default function AnalyticsPage() {
  const q = useAnalytics();

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <PageHeader
        size="lg"
        icon={Activity}
        title="Performance Analytics"
        description="Station times, transition speed and race readiness from your races and simulations."
        actions={
          <Button asChild>
            <Link href="/race-results">Add a result</Link>
          </Button>
        }
      />

      <QueryState
        query={q}
        pending={
          <div className="mt-8 grid gap-6 md:grid-cols-2" aria-busy="true">
            <Skeleton className="h-48" />
            <Skeleton className="h-48" />
            <Skeleton className="h-72 md:col-span-2" />
          </div>
        }
        error={(err) => (
          <p role="alert" className="mt-8 text-destructive">
            {errorMessage(err)}
          </p>
        )}
      >
        {(a) => <AnalyticsBody a={a} />}
      </QueryState>
    </div>
  );
}

/** The page under its header once the analytics came: the empty state, or the latest result's breakdown. */
function AnalyticsBody({ a }: { a: Analytics }) {
  return (
    <>
      {a.resultCount === 0 && (
        <Card className="mt-8">
          <CardContent className="p-8 text-center">
            <p className="text-lg font-semibold">No results yet.</p>
            <p className="mt-2 text-muted-foreground">Enter a race or a simulation to see your station times, transitions and readiness.</p>
            <Button asChild className="mt-4">
              <Link href="/race-results">Enter your first result</Link>
            </Button>
          </CardContent>
        </Card>
      )}
      {a.resultCount === 0 && (
        <div className="mt-6 grid gap-6 md:grid-cols-2">
          <Readiness a={a} />
          <RoadPrediction division="open_men" />
        </div>
      )}
      {a.latest && (
        <div className="mt-8 space-y-10">
          <p className="text-sm text-muted-foreground">
            Latest: <strong className="text-foreground">{a.latest.eventName}</strong> ({a.latest.kind}), {formatDay(a.latest.date)},{' '}
            {divisionLabel(a.latest.division)}, {formatClock(a.latest.totalSeconds)}. {a.resultCount} result{a.resultCount === 1 ? '' : 's'} in your history.
          </p>
          <VenueTime result={a.latest} />
          <div className="grid gap-6 md:grid-cols-2">
            <Prediction a={a} />
            <Readiness a={a} />
          </div>
          <RoadPrediction division={a.latest.division} />

          {a.insights.length > 0 && (
            <section aria-labelledby="insights">
              <H2 id="insights">
                <span className="flex items-center gap-2">
                  <Lightbulb className="h-5 w-5 text-accent-text" aria-hidden="true" /> What to work on
                </span>
              </H2>
              <ul className="mt-3 list-disc space-y-1 pl-6">
                {a.insights.map((s) => (
                  <li key={s}>{s}</li>
                ))}
              </ul>
            </section>
          )}

          <section aria-labelledby="stations" className="space-y-4">
            <H2 id="stations">Station times against athletes of your finish time</H2>
            <p className="text-sm text-muted-foreground">
              {a.reference?.explanation} Strength: faster than 70% of them or more; weakness: faster than 30% or fewer.
            </p>
            <SplitBars stats={a.stations} title="Station times against the reference" />
            <SplitTable stats={a.stations} caption="Station times: latest, reference (their median), the share of them you are faster than, my average of earlier results and my best." />
          </section>

          <section aria-labelledby="runs" className="space-y-4">
            <H2 id="runs">Runs</H2>
            {a.pacing && <p className="text-sm">{a.pacing.detail}</p>}
            <SplitBars stats={a.runs} title="Run splits against the reference" />
            <SplitTable stats={a.runs} caption="Run splits (1 km each): latest, reference (their median), the share of them you are faster than, my average of earlier results and my best." />
          </section>

          {a.roxzone && (
            <section aria-labelledby="roxzone" className="space-y-4">
              <H2 id="roxzone">Transition speed (Roxzone)</H2>
              <p>{a.roxzone.verdict}</p>
              {a.roxzone.percentile != null && (
                <p data-testid="roxzone-percentile">
                  Faster than <strong className="font-mono">{a.roxzone.percentile}%</strong> of athletes of your finish time in the Roxzone (their median{' '}
                  <span className="font-mono">{formatClock(a.roxzone.peerMedianSeconds)}</span>).
                </p>
              )}
              <RoxzoneChart roxzone={a.roxzone} />
              <ul className="grid gap-2 text-sm sm:grid-cols-2">
                <li>
                  Total: <strong className="font-mono">{formatClock(a.roxzone.totalSeconds)}</strong> over 16 passages
                </li>
                <li>
                  Per passage: <strong className="font-mono">{a.roxzone.perPassageSeconds.toFixed(1)} s</strong> (elite: under {a.roxzone.eliteMarkSeconds} s)
                </li>
                <li>
                  Share of race: <strong className="font-mono">{a.roxzone.sharePercent.toFixed(1)}%</strong> (benchmark {a.roxzone.benchmarkSharePercent}%)
                </li>
                <li>
                  Against your average 1 km run: <strong className="font-mono">{a.roxzone.toRunPercent.toFixed(0)}%</strong> (podium Pro about{' '}
                  {a.roxzone.podiumProToRunPercent}%, average Pro about {a.roxzone.averageProToRunPercent}%)
                </li>
              </ul>
            </section>
          )}

          <section aria-labelledby="trend" className="space-y-4">
            <H2 id="trend">Finish-time trend</H2>
            <TrendChart trend={a.trend} />
            <details>
              <summary className="cursor-pointer text-sm font-semibold">Show the trend as a table</summary>
              <DataTable className="mt-3" columns={TREND_COLUMNS} rows={a.trend} rowKey={(t) => t.id} caption="Finish times over time" />
            </details>
          </section>
        </div>
      )}
    </>
  );
}

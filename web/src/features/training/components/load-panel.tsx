import { AlertTriangle } from 'lucide-react';
import { DataTable, type Column } from '@/components/ui/data-table';
import { QueryState } from '@/components/ui/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import { loadRatioText } from '@/lib/load';
import { useTrainingLoad } from '../api/get-training-load';
import type { TrainingLoad } from '../api/types';

// Load and compliance (docs/training-logs.md): plain HTML
// bars like the analytics charts (no chart library), each chart an image with
// a summary label, and the figures in a table.

type Week = TrainingLoad['weeks'][number];

const shortDate = (iso: string) => `${Number(iso.slice(5, 7))}/${Number(iso.slice(8, 10))}`;
const pct = (v: number) => `${Math.round(v * 100)}%`;

/** The figures behind the charts, a week a row (a card a week on a phone). */
const FIGURE_COLUMNS: Column<Week>[] = [
  { header: 'Week of', cell: (w) => w.weekStart, className: 'font-medium' },
  { header: 'Workouts', cell: (w) => w.sessions },
  { header: 'Minutes', cell: (w) => w.minutes },
  { header: 'Load', cell: (w) => w.load },
  { header: 'Done / planned', cell: (w) => (w.planned ? `${w.done}/${w.planned}` : '—') },
];

/** The top of a chart's scale: the next round number (1, 2 or 5 x a power of ten) at or above the largest value. */
export function niceMax(v: number): number {
  if (v <= 0) return 1;
  const p = 10 ** Math.floor(Math.log10(v));
  const n = v / p;
  return (n <= 1 ? 1 : n <= 2 ? 2 : n <= 5 ? 5 : 10) * p;
}

/**
 * One figure per week as bars in proportion to the value, on a scale from 0 (max, or a round number above the
 * largest value) with its axis written out; the chart is an image whose label reads the scale and every week.
 */
export function WeekBars({
  weeks,
  value,
  label,
  unit,
  testId,
  max,
}: {
  weeks: Week[];
  value: (w: Week) => number | null;
  label: string;
  unit: string;
  testId: string;
  max?: number;
}) {
  const values = weeks.map(value);
  const top = max ?? niceMax(Math.max(0, ...values.map((v) => v ?? 0)));
  const ticks = [top, top / 2, 0];
  const summary = weeks.map((w, i) => `week of ${shortDate(w.weekStart)}: ${values[i] == null ? 'nothing due' : `${values[i]}${unit}`}`).join('; ');
  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="text-sm font-semibold">{label}</figcaption>
      <div className="flex gap-1">
        <div className="relative h-32 w-12 shrink-0 text-right text-[10px] text-muted-foreground tabular-nums" aria-hidden="true" data-testid={`${testId}-axis`}>
          {ticks.map((t, i) => (
            <span key={i} className="absolute right-1 -translate-y-1/2" style={{ top: `${(i / (ticks.length - 1)) * 100}%` }}>
              {t === 0 ? '0' : `${t}${unit}`}
            </span>
          ))}
        </div>
        <div
          role="img"
          aria-label={`${label}, last 12 weeks, scale 0 to ${top}${unit}: ${summary}.`}
          data-testid={testId}
          className="relative flex h-32 flex-1 items-end gap-1 border-b border-l border-border"
        >
          {ticks.slice(0, -1).map((t, i) => (
            <div key={t} className="pointer-events-none absolute inset-x-0 border-t border-dashed border-border/70" style={{ top: `${(i / (ticks.length - 1)) * 100}%` }} />
          ))}
          {weeks.map((w, i) => {
            const v = values[i];
            return (
              <div key={w.weekStart} className="relative flex h-full flex-1 flex-col items-center justify-end">
                <div
                  className={v == null ? 'h-1 w-full rounded-t border border-dashed border-border' : 'w-full rounded-t bg-primary'}
                  style={v == null ? undefined : { height: `${Math.min(100, (v / top) * 100)}%`, minHeight: v > 0 ? '1px' : undefined }}
                  data-value={v ?? ''}
                />
              </div>
            );
          })}
        </div>
      </div>
      <div className="flex gap-1 pl-[3.25rem] text-[10px] text-muted-foreground" aria-hidden="true">
        {weeks.map((w, i) => (
          <span key={w.weekStart} className="flex-1 text-center">
            {i % 2 === 1 || weeks.length <= 6 ? shortDate(w.weekStart) : ''}
          </span>
        ))}
      </div>
    </figure>
  );
}

type LoadWords = Pick<TrainingLoad, 'status' | 'message'>;

/** The load's one message, as the server words it (the same on the home, the logs page and the analytics). */
export function LoadMessage({ load }: { load: LoadWords }) {
  if (load.status === 'high') {
    return (
      <p role="alert" data-testid="load-message" className="flex items-start gap-2 rounded-lg border border-red-600/50 bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
        <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        {load.message}
      </p>
    );
  }
  return (
    <p className="text-sm text-muted-foreground" data-testid="load-message">
      {load.message}
    </p>
  );
}

/** The summary figures and the load's message. */
export function LoadFigures({ load }: { load: Pick<TrainingLoad, 'acute7' | 'chronic28' | 'ratio' | 'compliance' | 'plannedSessions' | 'doneSessions' | 'status' | 'message' | 'unratedSessions'> }) {
  return (
    <div className="flex flex-col gap-3">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <div className="rounded-lg border border-border p-3">
          <dt className="text-xs text-muted-foreground">Load, last 7 days</dt>
          <dd className="text-xl font-black tabular-nums" data-testid="acute-load">{Math.round(load.acute7)}</dd>
        </div>
        <div className="rounded-lg border border-border p-3">
          <dt className="text-xs text-muted-foreground">Weekly average, 28 days</dt>
          <dd className="text-xl font-black tabular-nums">{Math.round(load.chronic28)}</dd>
        </div>
        <div className="rounded-lg border border-border p-3">
          <dt className="text-xs text-muted-foreground">7-day vs 28-day</dt>
          <dd className="text-xl font-black tabular-nums" data-testid="load-ratio">{loadRatioText(load)}</dd>
        </div>
        <div className="rounded-lg border border-border p-3">
          <dt className="text-xs text-muted-foreground">Compliance, 4 weeks</dt>
          <dd className="text-xl font-black tabular-nums" data-testid="compliance">
            {load.plannedSessions > 0 ? `${pct(load.compliance)} (${load.doneSessions}/${load.plannedSessions})` : 'Nothing planned'}
          </dd>
        </div>
      </dl>
      <LoadMessage load={load} />
      {load.unratedSessions > 0 && (
        <p className="text-sm text-muted-foreground">
          {load.unratedSessions} workout{load.unratedSessions > 1 ? 's' : ''} of the last 4 weeks without an RPE {load.unratedSessions > 1 ? 'are' : 'is'} not
          counted in the load.
        </p>
      )}
    </div>
  );
}

export function LoadPanel() {
  const load = useTrainingLoad();
  return (
    <QueryState query={load} pending={<Skeleton className="h-64" />}>
      {(tl) => <LoadCharts tl={tl} />}
    </QueryState>
  );
}

function LoadCharts({ tl }: { tl: TrainingLoad }) {
  return (
    <div className="flex flex-col gap-6">
      <LoadFigures load={tl} />
      <div className="grid gap-6 md:grid-cols-3">
        <WeekBars weeks={tl.weeks} value={(w) => w.minutes} label="Minutes per week" unit=" min" testId="minutes-chart" />
        <WeekBars weeks={tl.weeks} value={(w) => w.load} label="Load per week (RPE x minutes)" unit="" testId="load-chart" />
        <WeekBars weeks={tl.weeks} value={(w) => (w.compliance == null ? null : Math.round(w.compliance * 100))} label="Compliance per week" unit="%" max={100} testId="compliance-chart" />
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer font-semibold">Show the figures</summary>
        <div className="mt-2 tabular-nums">
          <DataTable columns={FIGURE_COLUMNS} rows={tl.weeks} rowKey={(w) => w.weekStart} caption="Weekly minutes, load and compliance" />
        </div>
      </details>
    </div>
  );
}

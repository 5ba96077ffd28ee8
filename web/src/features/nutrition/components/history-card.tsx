import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { formatDateParts, formatNumber } from '@/lib/format';
import { useNutritionHistory } from '../api/get-history';
import type { NutritionHistory, NutritionTargets } from '../api/types';
import { parseISODay } from '../lib/dates';

// Plain HTML bar charts, as the analytics page draws them (no chart library):
// each chart is an image with a summary label, bars against a target line.

// Each bar carries its own day's target (docs/nutrition-foods.md#day-targets): the same
// figure the dashboard and the plan show for that day (a week: its days' average).
type Bar = { label: string; full: string; value: number; logged: boolean; target?: number };
type Metric = { key: 'calories' | 'protein' | 'carbs' | 'fat'; title: string; unit: string; target: keyof NutritionTargets };

const shortDay = (d: string) => formatDateParts(parseISODay(d) ?? new Date(), { weekday: 'short' });
const monthDay = (d: string) => formatDateParts(parseISODay(d) ?? new Date(), { month: 'short', day: 'numeric' });

function BarChart({ metric, bars }: { metric: Metric; bars: Bar[] }) {
  const max = Math.max(1, ...bars.map((b) => Math.max(b.value, b.target ?? 0))) * 1.1;
  const pct = (v: number) => `${(v / max) * 100}%`;
  const unit = metric.unit === 'kcal' ? ' kcal' : ' g';
  // The caption names the last bar's target: the day on the dashboard (or the last week).
  const target = bars.at(-1)?.target;
  const summary = bars
    .map((b) => {
      const value = b.logged ? `${formatNumber(b.value)}${unit}` : 'not logged';
      return `${b.full} ${value}${b.target ? ` (target ${formatNumber(b.target)}${unit})` : ''}`;
    })
    .join('; ');
  return (
    <figure className="grid min-w-0 grid-cols-1 gap-2">
      <figcaption className="flex items-baseline justify-between text-sm font-semibold">
        <span>{metric.title}</span>
        {target ? (
          <span className="text-xs font-normal text-muted-foreground" data-testid={`history-target-${metric.key}`}>
            target {formatNumber(target)}
            {unit}
          </span>
        ) : null}
      </figcaption>
      <div role="img" aria-label={`${metric.title}: ${summary}.`} className="relative flex h-32 items-end gap-1 border-b border-border">
        {bars.map((b) => (
          <span key={b.full} className="relative flex h-full flex-1 flex-col justify-end">
            {b.target ? (
              <span className="pointer-events-none absolute -inset-x-0.5 border-t-2 border-dashed border-foreground/70" style={{ bottom: pct(b.target) }} />
            ) : null}
            <span
              className={b.logged ? 'w-full rounded-t bg-primary' : 'w-full rounded-t bg-muted'}
              style={{ height: b.logged ? pct(b.value) : '2px' }}
            />
          </span>
        ))}
      </div>
      <div className="flex gap-1 overflow-hidden text-[11px] leading-tight text-muted-foreground" aria-hidden="true">
        {bars.map((b, i) => (
          // 12 weeks: every third label, so each stays readable on a phone.
          <span key={b.full} className="flex-1 text-center whitespace-nowrap">
            {bars.length <= 7 || i % 3 === 0 ? b.label : ''}
          </span>
        ))}
      </div>
    </figure>
  );
}

function charts(h: NutritionHistory, range: 'week' | 'weeks') {
  const metrics: Metric[] = [
    { key: 'calories', title: 'Calories', unit: 'kcal', target: 'dailyCalories' },
    { key: 'protein', title: 'Protein', unit: 'g', target: 'proteinTarget' },
    { key: 'carbs', title: 'Carbs', unit: 'g', target: 'carbsTarget' },
    { key: 'fat', title: 'Fat', unit: 'g', target: 'fatTarget' },
  ];
  return metrics.map((m) => {
    const bars: Bar[] =
      range === 'week'
        ? h.days.map((d) => ({
            label: shortDay(d.date),
            full: `${shortDay(d.date)} ${monthDay(d.date)}`,
            value: d[m.key],
            logged: d.logged,
            target: d.targets?.[m.target],
          }))
        : h.weeks.map((w) => ({
            label: monthDay(w.from),
            full: `week of ${monthDay(w.from)} (daily average)`,
            value: w[m.key],
            logged: w.daysLogged > 0,
            target: w.targets?.[m.target],
          }));
    return { metric: m, bars };
  });
}

/** Weekly and 12-week charts of calories and macros against the targets, averages and adherence. */
export function HistoryCard({ date }: { date: string }) {
  const uid = useId();
  const [range, setRange] = useState<'week' | 'weeks'>('week');
  const history = useNutritionHistory(date);
  const h = history.data;
  const summary = h ? (range === 'week' ? h.week : h.twelveWeeks) : null;
  return (
    <Card data-testid="nutrition-history">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h2 id={`${uid}-title`} className="text-lg leading-tight font-bold">
            History
          </h2>
          <CardDescription>Daily sums against your targets; averages count only the days you logged.</CardDescription>
        </div>
        <div role="group" aria-label="Period" className="flex gap-2">
          <Button size="sm" variant={range === 'week' ? 'secondary' : 'outline'} aria-pressed={range === 'week'} onClick={() => setRange('week')}>
            7 days
          </Button>
          <Button size="sm" variant={range === 'weeks' ? 'secondary' : 'outline'} aria-pressed={range === 'weeks'} onClick={() => setRange('weeks')}>
            12 weeks
          </Button>
        </div>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-6">
        {history.isPending ? (
          <Skeleton className="h-40 w-full" />
        ) : history.isError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {errorMessage(history.error)}
          </p>
        ) : h === undefined ? null : (
          <>
            {summary && (
              <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4" data-testid="history-summary">
                <div className="rounded-md bg-muted px-3 py-2">
                  <dt className="text-xs text-muted-foreground">Average</dt>
                  <dd className="font-semibold tabular-nums">{formatNumber(summary.calories)} kcal/day</dd>
                </div>
                <div className="rounded-md bg-muted px-3 py-2">
                  <dt className="text-xs text-muted-foreground">Protein · Carbs · Fat</dt>
                  <dd className="font-semibold tabular-nums">
                    {summary.protein} · {summary.carbs} · {summary.fat} g
                  </dd>
                </div>
                <div className="rounded-md bg-muted px-3 py-2">
                  <dt className="text-xs text-muted-foreground">Days logged</dt>
                  <dd className="font-semibold tabular-nums">
                    {summary.daysLogged} of {summary.days}
                  </dd>
                </div>
                <div className="rounded-md bg-muted px-3 py-2">
                  <dt className="text-xs text-muted-foreground">On target (±10 % kcal)</dt>
                  <dd className="font-semibold tabular-nums">
                    {h.targets ? `${summary.daysOnTarget} ${summary.daysOnTarget === 1 ? 'day' : 'days'} · ${summary.adherence}%` : 'Set targets first'}
                  </dd>
                </div>
              </dl>
            )}
            <div className="grid grid-cols-1 gap-6 sm:grid-cols-2" data-testid={`history-${range}`}>
              {charts(h, range).map(({ metric, bars }) => (
                <BarChart key={metric.key} metric={metric} bars={bars} />
              ))}
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}

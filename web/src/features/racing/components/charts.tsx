import { DataTable, type Column } from '@/components/ui/data-table';
import type { Analytics, SplitStat } from '../api/types';
import { formatClock, formatDay, formatDelta } from '../lib/race';

// Plain SVG charts (no chart library: the analytics chunk stays small).
// Each chart is an image with a summary label; the data is also in a table.

const VERDICT_BG: Record<string, string> = {
  strength: 'bg-emerald-600',
  weakness: 'bg-red-600',
  'on par': 'bg-zinc-500',
  'not done': 'bg-zinc-300',
};

/**
 * Horizontal bars: my latest split per part against the reference marker.
 * Laid out in HTML rather than a scaled SVG so the labels keep their size on
 * a narrow screen (the name sits above its bar below the sm breakpoint).
 */
export function SplitBars({ stats, title }: { stats: SplitStat[]; title: string }) {
  const max = Math.max(1, ...stats.map((s) => Math.max(s.latest ?? 0, s.reference))) * 1.1;
  const pct = (v: number) => `${(v / max) * 100}%`;
  const summary = stats
    .map((s) =>
      s.latest == null
        ? `${s.name}: not done`
        : `${s.name} ${formatClock(s.latest)} against ${formatClock(s.reference)}, ${s.verdict}${s.percentile != null ? `, faster than ${s.percentile}%` : ''}`,
    )
    .join('; ');
  return (
    <div role="img" aria-label={`${title}: ${summary}.`} className="w-full max-w-3xl text-sm">
      <ul className="space-y-2">
        {stats.map((s) => (
          <li key={s.index} className="grid grid-cols-[1fr_auto] items-center gap-x-3 sm:grid-cols-[10rem_1fr_5.5rem]">
            <span className="truncate sm:col-auto">{s.name}</span>
            <span className="relative col-span-2 row-start-2 h-5 rounded bg-muted sm:col-span-1 sm:row-start-auto">
              {s.latest != null && (
                <span className={`absolute inset-y-0 left-0 rounded ${VERDICT_BG[s.verdict] ?? 'bg-zinc-500'}`} style={{ width: pct(s.latest) }} />
              )}
              <span className="absolute -inset-y-1 w-[3px] bg-foreground" style={{ left: pct(s.reference) }} />
            </span>
            <span className="col-start-2 row-start-1 text-right font-mono tabular-nums sm:col-start-auto sm:row-start-auto">
              {s.latest != null ? formatClock(s.latest) : '—'}
              {s.percentile != null && <span className="ml-1 text-xs text-muted-foreground">{s.percentile}%</span>}
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs">
        <span className="flex items-center gap-1"><span className="inline-block h-3 w-[3px] bg-foreground" /> reference</span>
        <span className="flex items-center gap-1"><span className="inline-block h-3 w-3 bg-emerald-600" /> strength</span>
        <span className="flex items-center gap-1"><span className="inline-block h-3 w-3 bg-zinc-500" /> on par</span>
        <span className="flex items-center gap-1"><span className="inline-block h-3 w-3 bg-red-600" /> weakness</span>
        <span>% = faster than that share of athletes of your finish time</span>
      </p>
    </div>
  );
}

const figure = (text: string) => <span className="font-mono tabular-nums">{text}</span>;
const clockOrDash = (s: number | null | undefined) => figure(s != null ? formatClock(s) : '—');

const SPLIT_COLUMNS: Column<SplitStat>[] = [
  { header: 'Part', rowHeader: true, cell: (s) => s.name },
  { header: 'Latest', align: 'right', cell: (s) => clockOrDash(s.latest) },
  { header: 'Reference', align: 'right', cell: (s) => clockOrDash(s.reference) },
  { header: 'vs reference', align: 'right', cell: (s) => figure(s.deltaVsReference != null ? formatDelta(s.deltaVsReference) : '—') },
  { header: 'Faster than', align: 'right', cell: (s) => figure(s.percentile != null ? `${s.percentile}%` : '—') },
  { header: 'My average', align: 'right', cell: (s) => clockOrDash(s.average) },
  { header: 'My best', align: 'right', cell: (s) => clockOrDash(s.best) },
  { header: 'Verdict', cell: (s) => s.verdict },
];

/**
 * The same figures as a table: a table from the md breakpoint up, one card per
 * part below it (no column off screen at 360 px). The caption is shown above
 * it and read with the table.
 */
export function SplitTable({ stats, caption }: { stats: SplitStat[]; caption: string }) {
  return (
    <div>
      <p className="mb-2 text-sm text-muted-foreground" aria-hidden="true">
        {caption}
      </p>
      <DataTable columns={SPLIT_COLUMNS} rows={stats} rowKey={(s) => s.index} caption={caption} />
    </div>
  );
}

/** 16 passages at my average against the 15-second elite mark (HTML bars, like SplitBars). */
export function RoxzoneChart({ roxzone }: { roxzone: NonNullable<Analytics['roxzone']> }) {
  const rows = [
    { label: 'Per passage', value: roxzone.perPassageSeconds, mark: roxzone.eliteMarkSeconds, text: `${roxzone.perPassageSeconds.toFixed(1)} s`, markText: `elite ${roxzone.eliteMarkSeconds} s` },
    { label: 'Share of race', value: roxzone.sharePercent, mark: roxzone.benchmarkSharePercent, text: `${roxzone.sharePercent.toFixed(1)}%`, markText: `benchmark ${roxzone.benchmarkSharePercent}%` },
  ];
  return (
    <div
      role="img"
      aria-label={`Roxzone: ${roxzone.perPassageSeconds} seconds per passage against the ${roxzone.eliteMarkSeconds}-second elite mark; ${roxzone.sharePercent}% of the race against the ${roxzone.benchmarkSharePercent}% benchmark.`}
      className="w-full max-w-3xl space-y-4 text-sm"
    >
      {rows.map((r) => {
        const max = Math.max(r.value, r.mark) * 1.25;
        const pct = (v: number) => `${(v / max) * 100}%`;
        return (
          <div key={r.label} className="grid grid-cols-[1fr_auto] items-center gap-x-3 sm:grid-cols-[8rem_1fr_5rem]">
            <span>{r.label}</span>
            <span className="relative col-span-2 row-start-2 h-5 rounded bg-muted sm:col-span-1 sm:row-start-auto">
              <span className={`absolute inset-y-0 left-0 rounded ${r.value <= r.mark ? 'bg-emerald-600' : 'bg-red-600'}`} style={{ width: pct(r.value) }} />
              <span className="absolute -inset-y-1 w-[3px] bg-foreground" style={{ left: pct(r.mark) }} />
              <span className="absolute top-6 whitespace-nowrap text-xs" style={{ left: pct(r.mark) }}>{r.markText}</span>
            </span>
            <span className="col-start-2 row-start-1 text-right font-mono tabular-nums sm:col-start-auto sm:row-start-auto">{r.text}</span>
          </div>
        );
      })}
      <div className="h-2" />
    </div>
  );
}

/**
 * Finish time over my complete results: faster is higher. The line is an SVG
 * stretched to the box (its stroke does not scale); the dots, the axis labels
 * and the dates are HTML laid over it, so they keep their size on a narrow
 * screen. Dates use the page's one format (formatDay); on a narrow screen only
 * the first and the last are written.
 */
export function TrendChart({ trend }: { trend: Analytics['trend'] }) {
  const points = trend.filter((t) => t.complete); // oldest first
  if (points.length === 0) return <p className="text-muted-foreground">No complete results yet.</p>;
  const times = points.map((p) => p.totalSeconds);
  const lo = Math.min(...times) * 0.98;
  const hi = Math.max(...times) * 1.02;
  // Percent of the plot box: x from the left, y from the top (faster = higher).
  const x = (i: number) => (points.length === 1 ? 50 : 4 + (i / (points.length - 1)) * 92);
  const y = (v: number) => 6 + ((v - lo) / (hi - lo || 1)) * 88;
  const first = points[0];
  const last = points[points.length - 1];
  const change = last.totalSeconds - first.totalSeconds;
  const label =
    points.length === 1
      ? `Finish time: one complete result, ${formatClock(last.totalSeconds)} on ${formatDay(last.date)}.`
      : `Finish time trend over ${points.length} complete results: from ${formatClock(first.totalSeconds)} on ${formatDay(first.date)} to ${formatClock(last.totalSeconds)} on ${formatDay(last.date)} (${formatDelta(change)}).`;
  const ticks = [lo, (lo + hi) / 2, hi];
  const hasRace = points.some((p) => p.kind === 'race');
  const hasSim = points.some((p) => p.kind !== 'race');
  return (
    <figure className="w-full max-w-3xl text-xs">
      <div role="img" aria-label={`${label} Higher on the chart is faster.`} className="grid grid-cols-[auto_1fr] gap-x-2">
        <div className="relative h-52 w-14 font-mono tabular-nums" aria-hidden="true">
          {ticks.map((t) => (
            <span key={t} className="absolute right-0 -translate-y-1/2" style={{ top: `${y(t)}%` }}>
              {formatClock(t)}
            </span>
          ))}
        </div>
        <div className="relative h-52 border-b border-l border-border">
          <svg viewBox="0 0 100 100" preserveAspectRatio="none" className="absolute inset-0 h-full w-full overflow-visible" aria-hidden="true">
            {ticks.map((t) => (
              <line key={t} x1={0} x2={100} y1={y(t)} y2={y(t)} className="stroke-border" vectorEffect="non-scaling-stroke" />
            ))}
            {points.length > 1 && (
              <polyline
                points={points.map((p, i) => `${x(i)},${y(p.totalSeconds)}`).join(' ')}
                fill="none"
                strokeWidth={3}
                className="stroke-current"
                vectorEffect="non-scaling-stroke"
              />
            )}
          </svg>
          {points.map((p, i) => (
            <span
              key={p.id}
              aria-hidden="true"
              className={`absolute h-3 w-3 -translate-x-1/2 -translate-y-1/2 rounded-full ring-2 ring-background ${p.kind === 'race' ? 'bg-red-600' : 'bg-zinc-500'}`}
              style={{ left: `${x(i)}%`, top: `${y(p.totalSeconds)}%` }}
            />
          ))}
        </div>
        <div />
        <div className="relative mt-1 h-5" aria-hidden="true">
          {points.map((p, i) => {
            const edge = points.length > 1 && (i === 0 || i === points.length - 1);
            const shown = edge || points.length === 1 || points.length <= 6;
            if (!shown) return null;
            const align = points.length === 1 ? '-translate-x-1/2' : i === 0 ? '' : i === points.length - 1 ? '-translate-x-full' : '-translate-x-1/2';
            return (
              <span
                key={p.id}
                className={`absolute whitespace-nowrap ${align} ${edge || points.length === 1 ? '' : 'hidden sm:block'}`}
                style={{ left: `${points.length === 1 ? 50 : i === 0 ? 0 : i === points.length - 1 ? 100 : x(i)}%` }}
              >
                {formatDay(p.date)}
              </span>
            );
          })}
        </div>
      </div>
      <figcaption className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1" data-testid="trend-legend">
        <span className="flex items-center gap-1">
          <span className="inline-block h-[3px] w-5 bg-foreground" aria-hidden="true" /> finish time (higher is faster)
        </span>
        {hasRace && (
          <span className="flex items-center gap-1">
            <span className="inline-block h-3 w-3 rounded-full bg-red-600" aria-hidden="true" /> race
          </span>
        )}
        {hasSim && (
          <span className="flex items-center gap-1">
            <span className="inline-block h-3 w-3 rounded-full bg-zinc-500" aria-hidden="true" /> simulation
          </span>
        )}
      </figcaption>
    </figure>
  );
}

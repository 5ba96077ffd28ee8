import type { Analytics, SplitStat } from '../api/types';
import { formatClock, formatDelta } from '../lib/race';

// Plain SVG charts (no chart library: the analytics chunk stays small).
// Each chart is an image with a summary label; the data is also in a table.

const VERDICT_FILL: Record<string, string> = {
  strength: 'fill-emerald-600',
  weakness: 'fill-red-600',
  'on par': 'fill-zinc-500',
  'not done': 'fill-zinc-300',
};

/** Horizontal bars: my latest split per part against the reference marker. */
export function SplitBars({ stats, title }: { stats: SplitStat[]; title: string }) {
  const rowH = 34;
  const labelW = 150;
  const width = 640;
  const barW = width - labelW - 70;
  const max = Math.max(1, ...stats.map((s) => Math.max(s.latest ?? 0, s.reference))) * 1.1;
  const x = (v: number) => labelW + (v / max) * barW;
  const summary = stats
    .map((s) => (s.latest == null ? `${s.name}: not done` : `${s.name} ${formatClock(s.latest)} against ${formatClock(s.reference)}, ${s.verdict}`))
    .join('; ');
  return (
    <svg
      viewBox={`0 0 ${width} ${stats.length * rowH + 24}`}
      className="h-auto w-full max-w-3xl"
      role="img"
      aria-label={`${title}: ${summary}.`}
    >
      {stats.map((s, i) => {
        const y = i * rowH + 4;
        return (
          <g key={s.index}>
            <text x={0} y={y + 18} className="fill-current text-[13px]">
              {s.name}
            </text>
            <rect x={labelW} y={y + 4} width={barW} height={20} rx={3} className="fill-muted" />
            {s.latest != null && (
              <rect x={labelW} y={y + 4} width={Math.max(2, x(s.latest) - labelW)} height={20} rx={3} className={VERDICT_FILL[s.verdict] ?? 'fill-zinc-500'} />
            )}
            <line x1={x(s.reference)} x2={x(s.reference)} y1={y} y2={y + 28} strokeWidth={3} className="stroke-current" />
            <text x={width} y={y + 18} textAnchor="end" className="fill-current font-mono text-[12px]">
              {s.latest != null ? formatClock(s.latest) : '—'}
            </text>
          </g>
        );
      })}
      <g transform={`translate(${labelW}, ${stats.length * rowH + 14})`} className="text-[11px]">
        <line x1={0} x2={14} y1={0} y2={0} strokeWidth={3} className="stroke-current" />
        <text x={20} y={4} className="fill-current">reference</text>
        <rect x={100} y={-6} width={12} height={12} className="fill-emerald-600" />
        <text x={116} y={4} className="fill-current">strength</text>
        <rect x={180} y={-6} width={12} height={12} className="fill-zinc-500" />
        <text x={196} y={4} className="fill-current">on par</text>
        <rect x={250} y={-6} width={12} height={12} className="fill-red-600" />
        <text x={266} y={4} className="fill-current">weakness</text>
      </g>
    </svg>
  );
}

/** The same figures as a table. */
export function SplitTable({ stats, caption }: { stats: SplitStat[]; caption: string }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="mb-2 text-left text-sm text-muted-foreground">{caption}</caption>
        <thead className="text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            <th scope="col" className="py-2 pr-3">Part</th>
            <th scope="col" className="py-2 pr-3 text-right">Latest</th>
            <th scope="col" className="py-2 pr-3 text-right">Reference</th>
            <th scope="col" className="py-2 pr-3 text-right">vs reference</th>
            <th scope="col" className="py-2 pr-3 text-right">My average</th>
            <th scope="col" className="py-2 pr-3 text-right">My best</th>
            <th scope="col" className="py-2">Verdict</th>
          </tr>
        </thead>
        <tbody className="font-mono tabular-nums">
          {stats.map((s) => (
            <tr key={s.index} className="border-t border-border">
              <th scope="row" className="py-2 pr-3 font-sans font-medium">{s.name}</th>
              <td className="py-2 pr-3 text-right">{s.latest != null ? formatClock(s.latest) : '—'}</td>
              <td className="py-2 pr-3 text-right">{formatClock(s.reference)}</td>
              <td className="py-2 pr-3 text-right">{s.deltaVsReference != null ? formatDelta(s.deltaVsReference) : '—'}</td>
              <td className="py-2 pr-3 text-right">{s.average != null ? formatClock(s.average) : '—'}</td>
              <td className="py-2 pr-3 text-right">{s.best != null ? formatClock(s.best) : '—'}</td>
              <td className="py-2 font-sans">{s.verdict}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** 16 passages at my average against the 15-second elite mark. */
export function RoxzoneChart({ roxzone }: { roxzone: NonNullable<Analytics['roxzone']> }) {
  const width = 640;
  const max = Math.max(roxzone.perPassageSeconds, roxzone.eliteMarkSeconds) * 1.25;
  const x = (v: number) => 90 + (v / max) * (width - 160);
  const shareMax = Math.max(roxzone.sharePercent, roxzone.benchmarkSharePercent) * 1.25;
  const xs = (v: number) => 90 + (v / shareMax) * (width - 160);
  return (
    <svg
      viewBox={`0 0 ${width} 120`}
      className="h-auto w-full max-w-3xl"
      role="img"
      aria-label={`Roxzone: ${roxzone.perPassageSeconds} seconds per passage against the ${roxzone.eliteMarkSeconds}-second elite mark; ${roxzone.sharePercent}% of the race against the ${roxzone.benchmarkSharePercent}% benchmark.`}
    >
      <text x={0} y={30} className="fill-current text-[13px]">Per passage</text>
      <rect x={90} y={14} width={width - 160} height={22} rx={3} className="fill-muted" />
      <rect x={90} y={14} width={x(roxzone.perPassageSeconds) - 90} height={22} rx={3}
        className={roxzone.perPassageSeconds <= roxzone.eliteMarkSeconds ? 'fill-emerald-600' : 'fill-red-600'} />
      <line x1={x(roxzone.eliteMarkSeconds)} x2={x(roxzone.eliteMarkSeconds)} y1={8} y2={42} strokeWidth={3} className="stroke-current" />
      <text x={width} y={30} textAnchor="end" className="fill-current font-mono text-[12px]">{roxzone.perPassageSeconds.toFixed(1)} s</text>
      <text x={x(roxzone.eliteMarkSeconds) + 4} y={54} className="fill-current text-[11px]">elite 15 s</text>

      <text x={0} y={86} className="fill-current text-[13px]">Share of race</text>
      <rect x={90} y={70} width={width - 160} height={22} rx={3} className="fill-muted" />
      <rect x={90} y={70} width={xs(roxzone.sharePercent) - 90} height={22} rx={3}
        className={roxzone.sharePercent <= roxzone.benchmarkSharePercent ? 'fill-emerald-600' : 'fill-red-600'} />
      <line x1={xs(roxzone.benchmarkSharePercent)} x2={xs(roxzone.benchmarkSharePercent)} y1={64} y2={98} strokeWidth={3} className="stroke-current" />
      <text x={width} y={86} textAnchor="end" className="fill-current font-mono text-[12px]">{roxzone.sharePercent.toFixed(1)}%</text>
      <text x={xs(roxzone.benchmarkSharePercent) + 4} y={110} className="fill-current text-[11px]">benchmark 6.5%</text>
    </svg>
  );
}

/** Finish time over my results (lower is faster). */
export function TrendChart({ trend }: { trend: Analytics['trend'] }) {
  const points = trend.filter((t) => t.complete);
  const width = 640;
  const height = 220;
  const pad = { l: 70, r: 16, t: 16, b: 36 };
  if (points.length === 0) return <p className="text-muted-foreground">No complete results yet.</p>;
  const times = points.map((p) => p.totalSeconds);
  const lo = Math.min(...times) * 0.98;
  const hi = Math.max(...times) * 1.02;
  const x = (i: number) => (points.length === 1 ? (pad.l + width - pad.r) / 2 : pad.l + (i / (points.length - 1)) * (width - pad.l - pad.r));
  const y = (v: number) => pad.t + ((v - lo) / (hi - lo || 1)) * (height - pad.t - pad.b);
  const first = points[0];
  const last = points[points.length - 1];
  const change = last.totalSeconds - first.totalSeconds;
  const label =
    points.length === 1
      ? `Finish time: one complete result, ${formatClock(last.totalSeconds)} on ${last.date}.`
      : `Finish time trend over ${points.length} complete results: from ${formatClock(first.totalSeconds)} on ${first.date} to ${formatClock(last.totalSeconds)} on ${last.date} (${formatDelta(change)}).`;
  const ticks = [lo, (lo + hi) / 2, hi];
  return (
    <svg viewBox={`0 0 ${width} ${height}`} className="h-auto w-full max-w-3xl" role="img" aria-label={`${label} Higher on the chart is faster.`}>
      {ticks.map((t) => (
        <g key={t}>
          <line x1={pad.l} x2={width - pad.r} y1={y(t)} y2={y(t)} className="stroke-border" />
          <text x={pad.l - 8} y={y(t) + 4} textAnchor="end" className="fill-current font-mono text-[11px]">
            {formatClock(t)}
          </text>
        </g>
      ))}
      <polyline
        points={points.map((p, i) => `${x(i)},${y(p.totalSeconds)}`).join(' ')}
        fill="none"
        strokeWidth={3}
        className="stroke-current"
      />
      {points.map((p, i) => (
        <g key={p.id}>
          <circle cx={x(i)} cy={y(p.totalSeconds)} r={5} className={p.kind === 'race' ? 'fill-red-600' : 'fill-zinc-500'} />
          {(i === 0 || i === points.length - 1 || points.length <= 6) && (
            <text x={x(i)} y={height - 12} textAnchor="middle" className="fill-current text-[11px]">
              {p.date.slice(5)}
            </text>
          )}
        </g>
      ))}
    </svg>
  );
}

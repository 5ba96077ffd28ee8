import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { Printer, Route as RouteIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import { useCreateRaceStrategy } from '../api/create-race-strategy';
import { useRaceGoal } from '../api/race-goal';
import { formatClock, formatDelta } from '../lib/race';
import { TimeInput } from '@/components/ui/time-input';
import { timeEntrySeconds } from '@/lib/time-entry';

// Print: only the plan (the app's chrome and the form are hidden).
const PRINT_CSS = `@media print {
  body * { visibility: hidden !important; }
  #pacing-plan, #pacing-plan * { visibility: visible !important; }
  #pacing-plan { position: absolute; inset: 0 auto auto 0; width: 100%; color: #000 !important; background: #fff !important; }
  #pacing-plan .no-print { display: none !important; }
  #pacing-plan tr { break-inside: avoid; }
}`;

export default function RaceStrategyPage() {
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const plan = useCreateRaceStrategy();
  const goal = useRaceGoal();
  const stored = goal.data?.goalSeconds ?? null;

  // The goal set on the analytics page (the one stored goal) fills the form and
  // is planned for at once, when the page opens.
  const planned = useRef(false);
  const { mutate } = plan;
  useEffect(() => {
    if (stored === null || planned.current) return;
    planned.current = true;
    setText(formatClock(stored));
    mutate({ goalSeconds: stored });
  }, [stored, mutate]);

  function submit(e: FormEvent) {
    e.preventDefault();
    const s = timeEntrySeconds(text);
    if (s === null || s < 2700 || s > 21600) {
      setError('Enter a goal between 45:00 and 6:00:00, e.g. 1:15:00.');
      return;
    }
    setError('');
    plan.mutate({ goalSeconds: s });
  }

  const st = plan.data;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <style>{PRINT_CSS}</style>
      <h1 className="flex items-center gap-3 text-3xl font-black tracking-tight sm:text-4xl">
        <RouteIcon className="h-8 w-8 text-accent-text" aria-hidden="true" /> Race Strategy
      </h1>
      <p className="mt-2 text-muted-foreground">
        Enter your goal time: you get a target for every run, station and the Roxzone, built from your latest result and the median splits of
        athletes at your goal, that adds up to the goal to the second. It is the same goal as on the analytics page: changing it here changes it
        there.
      </p>

      <Card className="mt-6">
        <CardContent className="p-6">
          <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3">
            <TimeInput id="goal-time" label="Goal time (h:mm:ss)" value={text} onChange={setText} error={error} className="gap-1" inputClassName="w-40" />
            <Button type="submit" disabled={plan.isPending}>
              {plan.isPending ? 'Planning...' : 'Build pacing plan'}
            </Button>
            {plan.isError && <p role="alert" className="w-full text-sm font-medium text-destructive">{errorMessage(plan.error)}</p>}
          </form>
        </CardContent>
      </Card>

      {st && (
        <section id="pacing-plan" aria-labelledby="plan-title" className="mt-8 space-y-4">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div>
              <h2 id="plan-title" className="text-2xl font-bold">
                Pacing plan for <span className="font-mono">{formatClock(st.goalSeconds)}</span>
              </h2>
              <p className="text-sm text-muted-foreground">{st.method}</p>
              {st.basedOnLogId != null && (
                <p className="text-sm">
                  <Link href={`/workout-logs/${st.basedOnLogId}`} className="underline underline-offset-2" data-testid="plan-log">
                    Open the logged simulation
                  </Link>
                </p>
              )}
            </div>
            <Button variant="outline" className="no-print" onClick={() => window.print()}>
              <Printer className="h-4 w-4" aria-hidden="true" /> Print
            </Button>
          </div>
          {st.notes.length > 0 && (
            <ul className="list-disc pl-6 text-sm">
              {st.notes.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          )}
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Pacing plan: target per run, station and the Roxzone, with the race clock</caption>
              <thead className="text-xs uppercase tracking-wide text-muted-foreground">
                <tr>
                  <th scope="col" className="py-2 pr-3">Part</th>
                  <th scope="col" className="py-2 pr-3 text-right">Target</th>
                  <th scope="col" className="hidden py-2 pr-3 text-right sm:table-cell">Latest</th>
                  <th scope="col" className="py-2 pr-3 text-right">Change</th>
                  <th scope="col" className="py-2 text-right">Race clock</th>
                </tr>
              </thead>
              <tbody className="font-mono tabular-nums">
                {st.parts.map((p) => (
                  <tr key={p.name} className={`border-t border-border ${p.kind === 'run' ? '' : p.kind === 'roxzone' ? 'font-semibold' : 'bg-muted/50'}`}>
                    <th scope="row" className="py-2 pr-3 font-sans font-medium">
                      {p.name}
                      {p.kind === 'run' && <span className="ml-2 text-xs text-muted-foreground">1 km</span>}
                      {p.kind === 'roxzone' && (
                        <span className="ml-2 text-xs font-normal text-muted-foreground">about {st.roxzonePerPassageSeconds.toFixed(1)} s a passage</span>
                      )}
                    </th>
                    <td className="py-2 pr-3 text-right font-semibold" data-testid="plan-seconds" data-seconds={p.seconds}>
                      {formatClock(p.seconds)}
                    </td>
                    <td className="hidden py-2 pr-3 text-right sm:table-cell">{p.latestSeconds != null ? formatClock(p.latestSeconds) : '—'}</td>
                    <td className="py-2 pr-3 text-right">{p.change != null ? formatDelta(p.change) : '—'}</td>
                    <td className="py-2 text-right">{formatClock(p.clockSeconds)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr className="border-t-2 border-foreground font-bold">
                  <th scope="row" className="py-2 pr-3">Total</th>
                  <td className="py-2 pr-3 text-right font-mono" data-testid="plan-total">
                    {formatClock(st.totalSeconds)}
                  </td>
                  <td colSpan={3} className="hidden sm:table-cell" />
                  <td colSpan={2} className="sm:hidden" />
                </tr>
              </tfoot>
            </table>
          </div>
          <p className="text-xs text-muted-foreground">
            The race clock spreads the Roxzone evenly over the 16 passages: one before each run and each station.
          </p>
        </section>
      )}
    </div>
  );
}

import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { Printer, Route as RouteIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { DataTable, type Column } from '@/components/ui/data-table';
import { PageHeader } from '@/components/ui/page-header';
import { errorMessage } from '@/lib/api-client';
import { useCreateRaceStrategy } from '../api/create-race-strategy';
import { useRaceGoal } from '../api/race-goal';
import type { RaceStrategy } from '../api/types';
import { formatClock, formatDelta } from '../lib/race';
import { TimeField } from '@/components/ui/time-input';
import { useApiForm } from '@/components/ui/use-api-form';
import { pacingPlanSchema, type PacingPlanOutput, type PacingPlanValues } from '../schemas';

// Print: only the plan (the app's chrome and the form are hidden).
const PRINT_CSS = `@media print {
  body * { visibility: hidden !important; }
  #pacing-plan, #pacing-plan * { visibility: visible !important; }
  #pacing-plan { position: absolute; inset: 0 auto auto 0; width: 100%; color: #000 !important; background: #fff !important; }
  #pacing-plan .no-print { display: none !important; }
  #pacing-plan tr { break-inside: avoid; }
  /* A page may be narrower than the md breakpoint: the plan prints as a table, never as cards. */
  #pacing-plan table { display: table !important; }
  #pacing-plan thead { display: table-header-group !important; position: static !important; width: auto !important; height: auto !important; margin: 0 !important; overflow: visible !important; clip: auto !important; clip-path: none !important; white-space: normal !important; }
  #pacing-plan tbody { display: table-row-group !important; }
  #pacing-plan tr { display: table-row !important; border-width: 0 0 1px 0 !important; border-radius: 0 !important; }
  #pacing-plan th, #pacing-plan td { display: table-cell !important; padding: 4px 12px 4px 0 !important; }
  #pacing-plan td { text-align: right !important; }
  #pacing-plan td::before { content: none !important; }
}`;

type Part = RaceStrategy['parts'][number];
const figure = 'font-mono tabular-nums';

/** The plan's columns: each part's target, my latest, the change and the race clock after it. */
function planColumns(st: RaceStrategy): Column<Part>[] {
  return [
    {
      header: 'Part',
      rowHeader: true,
      cell: (p) => (
        <>
          {p.name}
          {p.kind === 'run' && <span className="ml-2 text-xs text-muted-foreground">1 km</span>}
          {p.kind === 'roxzone' && (
            <span className="ml-2 text-xs font-normal text-muted-foreground">about {st.roxzonePerPassageSeconds.toFixed(1)} s a passage</span>
          )}
        </>
      ),
    },
    {
      header: 'Target',
      align: 'right',
      cell: (p) => (
        <span className={`${figure} font-semibold`} data-testid="plan-seconds" data-seconds={p.seconds}>
          {formatClock(p.seconds)}
        </span>
      ),
    },
    { header: 'Latest', align: 'right', cell: (p) => <span className={figure}>{p.latestSeconds != null ? formatClock(p.latestSeconds) : '—'}</span> },
    { header: 'Change', align: 'right', cell: (p) => <span className={figure}>{p.change != null ? formatDelta(p.change) : '—'}</span> },
    { header: 'Race clock', align: 'right', cell: (p) => <span className={figure}>{formatClock(p.clockSeconds)}</span> },
  ];
}

export default function RaceStrategyPage() {
  const plan = useCreateRaceStrategy();
  const goal = useRaceGoal();
  const stored = goal.data?.goalSeconds ?? null;
  const { form, formError, setFormError, submit } = useApiForm<PacingPlanValues, PacingPlanOutput>({
    schema: pacingPlanSchema,
    defaultValues: { goalSeconds: '' },
  });

  // The goal set on the analytics page (the one stored goal) fills the form and
  // is planned for at once, when the page opens.
  const planned = useRef(false);
  const { mutate } = plan;
  const { setValue } = form;
  useEffect(() => {
    if (stored === null || planned.current) return;
    planned.current = true;
    setValue('goalSeconds', formatClock(stored));
    mutate({ goalSeconds: stored }, { onError: (err) => setFormError(errorMessage(err)) });
  }, [stored, mutate, setValue, setFormError]);

  const onSubmit = submit(({ goalSeconds }) => plan.mutateAsync({ goalSeconds }));

  const st = plan.data;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <style>{PRINT_CSS}</style>
      <PageHeader
        size="lg"
        icon={RouteIcon}
        title="Race Strategy"
        description="Enter your goal time: you get a target for every run, station and the Roxzone, built from your latest result and the median splits of athletes at your goal, that adds up to the goal to the second. It is the same goal as on the analytics page: changing it here changes it there."
      />

      <Card className="mt-6">
        <CardContent className="p-6">
          <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-end gap-3">
            <TimeField
              control={form.control}
              name="goalSeconds"
              id="goal-time"
              label="Goal time (h:mm:ss)"
              className="gap-1"
              inputClassName="w-40"
            />
            <Button type="submit" disabled={plan.isPending}>
              {plan.isPending ? 'Planning...' : 'Build pacing plan'}
            </Button>
            {formError && <p role="alert" className="w-full text-sm font-medium text-destructive">{formError}</p>}
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
          <DataTable
            columns={planColumns(st)}
            rows={st.parts}
            rowKey={(p) => p.name}
            rowProps={(p) => ({ className: p.kind === 'run' ? undefined : p.kind === 'roxzone' ? 'font-semibold' : 'bg-muted/50' })}
            caption="Pacing plan: target per run, station and the Roxzone, with the race clock"
          />
          <p className="flex justify-between gap-4 border-t-2 border-foreground py-2 text-sm font-bold">
            <span>Total</span>
            <span className="font-mono tabular-nums" data-testid="plan-total">
              {formatClock(st.totalSeconds)}
            </span>
          </p>
          <p className="text-xs text-muted-foreground">
            The race clock spreads the Roxzone evenly over the 16 passages: one before each run and each station.
          </p>
        </section>
      )}
    </div>
  );
}

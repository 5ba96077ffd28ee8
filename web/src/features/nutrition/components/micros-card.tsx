import { Leaf } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { QueryState } from '@/components/ui/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useMicroDay, type MicroTotal } from '../api/micros';
import { commonMissing, commonNote, formatAmount, missingNote } from '../lib/micros';

// Micronutrients (docs/nutrition-foods.md#micronutrients): the day's minerals,
// vitamins, fibre and sugars against the reference intakes for the athlete's
// sex and age; sodium and potassium flagged on a day of long training.

/** One nutrient; its own "incomplete" only when more foods lack it than lack everything (said once above). */
function MicroRow({ n, entries, common }: { n: MicroTotal; entries: number; common: number }) {
  const pct = n.percent ?? 0;
  const missing = n.missing > common ? missingNote(n.missing, entries) : '';
  const ref = n.reference;
  return (
    <li data-testid={`micro-${n.key}`} className={n.flag ? 'rounded-md border border-amber-500/40 bg-amber-500/10 p-2' : undefined}>
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-semibold">{n.label}</span>
        <span className="text-right tabular-nums">
          <span data-testid={`micro-${n.key}-amount`}>{formatAmount(n.amount, n.unit)}</span>
          {ref != null ? <> / {formatAmount(ref, n.unit)}</> : null}
        </span>
      </div>
      {ref != null ? (
        <div
          role="progressbar"
          aria-label={n.label}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.min(pct, 100)}
          aria-valuetext={`${formatAmount(n.amount, n.unit)} of ${formatAmount(ref, n.unit)}, ${pct}%${n.missing > 0 ? ', incomplete' : ''}`}
          className="mt-1 h-2 overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full rounded-full bg-primary" style={{ width: `${Math.min(pct, 100)}%` }} />
        </div>
      ) : null}
      <p className="mt-1 text-xs text-muted-foreground">
        {ref != null ? `${pct}% of the ${n.kind === 'AI' ? 'adequate intake' : 'recommended allowance'}` : 'No reference intake'}
        {missing ? (
          <>
            {' · '}
            <span data-testid={`micro-${n.key}-missing`}>{missing}</span>
          </>
        ) : null}
      </p>
      {n.flag ? (
        <p className="mt-1 text-sm" data-testid={`micro-${n.key}-flag`}>
          {n.flag}
        </p>
      ) : null}
    </li>
  );
}

export function MicrosCard({ date }: { date: string }) {
  const day = useMicroDay(date);
  return (
    <Card aria-labelledby="micros-title" data-testid="micros-card">
      <CardHeader>
        <h2 id="micros-title" className="flex items-center gap-2 text-lg font-semibold">
          <Leaf className="size-5" aria-hidden="true" /> Micronutrients
        </h2>
        {day.data ? <CardDescription data-testid="micros-basis">{day.data.basis}</CardDescription> : null}
      </CardHeader>
      <CardContent>
        <QueryState query={day} pending={<Skeleton className="h-40" />} error={(err) => <p role="alert">{errorMessage(err)}</p>}>
          {(data) => {
            if (data.entries === 0) {
              return (
                <p className="text-sm text-muted-foreground" data-testid="micros-empty">
                  Log food to see the day's minerals and vitamins.
                </p>
              );
            }
            const common = commonMissing(data.nutrients);
            const note = commonNote(common, data.entries);
            return (
              <div className="grid gap-4">
                {note ? (
                  <p className="text-sm text-muted-foreground" data-testid="micros-incomplete">
                    {note}
                  </p>
                ) : null}
                <ul aria-label="Minerals and vitamins today" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                  {/* Flagged nutrients first: they matter most today. */}
                  {[...data.nutrients.filter((n) => n.flag), ...data.nutrients.filter((n) => !n.flag)].map((n) => (
                    <MicroRow key={n.key} n={n} entries={data.entries} common={common} />
                  ))}
                </ul>
              </div>
            );
          }}
        </QueryState>
      </CardContent>
    </Card>
  );
}

import { GlassWater, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { QueryState } from '@/components/ui/query-state';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { useAddWater, useDeleteWater, useWaterDay } from '../api/water';
import { MacroProgress } from './macro-progress';

// Water in one tap (docs/nutrition-diary.md#water): a glass or a bottle; each
// drink can be deleted (the undo of a wrong tap); the target rises with the
// day's training; electrolyte guidance only on days over 60 minutes.

const DRINKS = [
  { label: 'Glass', ml: 250 },
  { label: 'Bottle', ml: 500 },
  { label: 'Large bottle', ml: 750 },
];

export function WaterCard({ date }: { date: string }) {
  const day = useWaterDay(date);
  const add = useAddWater(date);
  const del = useDeleteWater(date);
  const fail = (title: string) => (err: unknown) => toast({ title, description: errorMessage(err), variant: 'destructive' });
  return (
    <Card aria-labelledby="water-title" data-testid="water-card">
      <CardHeader>
        <h2 id="water-title" className="flex items-center gap-2 text-lg font-semibold">
          <GlassWater className="size-5" aria-hidden="true" /> Water
        </h2>
        {day.data ? (
          <CardDescription data-testid="water-rule">
            {day.data.trainingMinutes > 0
              ? `Target ${formatNumber(day.data.targetMl)} ml: 2000 ml plus ${formatNumber(day.data.trainingMinutes)} min of training.`
              : 'Target 2000 ml on a day without training.'}
          </CardDescription>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-4">
        <QueryState query={day} pending={<Skeleton className="h-12" />} error={(err) => <p role="alert">{errorMessage(err)}</p>}>
          {(data) => (
            <>
              <MacroProgress label="Water" current={data.totalMl} target={data.targetMl} unit="ml" />
              {data.electrolytes ? (
                <p className="rounded-md border border-amber-500/40 bg-amber-500/10 p-2 text-sm" data-testid="water-electrolytes">
                  {data.electrolytes}
                </p>
              ) : null}
              <div className="flex flex-wrap gap-2">
                {DRINKS.map((d) => (
                  <Button
                    key={d.ml}
                    variant="outline"
                    disabled={add.isPending}
                    onClick={() => add.mutate(d.ml, { onError: fail('Could not log the drink') })}
                  >
                    + {d.label} {d.ml} ml
                  </Button>
                ))}
              </div>
              {data.entries.length > 0 ? (
                <ul aria-label="Drinks today" className="flex flex-wrap gap-2 text-sm">
                  {data.entries.map((e) => (
                    <li key={e.id} className="flex items-center gap-1 rounded-full border px-2 py-0.5 tabular-nums">
                      {formatNumber(e.ml)} ml
                      <Button
                        variant="ghost"
                        size="icon"
                        className="size-8"
                        aria-label={`Delete ${e.ml} ml drink`}
                        disabled={del.isPending}
                        onClick={() => del.mutate(e.id, { onError: fail('Could not delete the drink') })}
                      >
                        <Trash2 className="size-4" aria-hidden="true" />
                      </Button>
                    </li>
                  ))}
                </ul>
              ) : null}
            </>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { deleteFoodEntry } from '../api/delete-food-entry';
import { useFoodEntries } from '../api/get-food-entries';
import { invalidateDiary } from '../api/invalidate';
import type { FoodEntry } from '../api/types';
import { restoreFoodEntry } from '../api/update-food-entry';
import { MEAL_LABELS } from '../lib/content';
import { EditEntryDialog } from './edit-entry-dialog';
import { deferred } from '@/lib/deferred';

// Below the day's entries: its form waits for the page to be on screen.
const CopyForm = deferred(() => import('./copy-form'));

/** Deletes an entry and offers Undo, which restores it exactly (same id, meal and figures). */
function useDeleteWithUndo() {
  const qc = useQueryClient();
  return async (entry: FoodEntry) => {
    try {
      await deleteFoodEntry(entry.id);
    } catch (err) {
      toast({ title: 'Delete failed', description: errorMessage(err), variant: 'destructive' });
      return;
    }
    await invalidateDiary(qc);
    toast({
      title: 'Entry deleted',
      description: `${entry.foodName} removed from ${MEAL_LABELS[entry.mealType]}.`,
      duration: 10_000,
      action: {
        label: 'Undo',
        onClick: () => {
          restoreFoodEntry(entry.id)
            .then(() => invalidateDiary(qc))
            .then(() => toast({ title: 'Entry restored', description: `${entry.foodName} is back in ${MEAL_LABELS[entry.mealType]}.` }))
            .catch((err: unknown) => toast({ title: 'Undo failed', description: errorMessage(err), variant: 'destructive' }));
        },
      },
    });
  };
}

function EntryRow({ entry, onDelete }: { entry: FoodEntry; onDelete: (e: FoodEntry) => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  return (
    <li className="flex items-center justify-between gap-3 py-2" data-testid="food-entry">
      <div className="min-w-0">
        <p className="truncate font-medium">{entry.foodName}</p>
        <p className="text-xs text-muted-foreground">
          {entry.quantity} · P {entry.protein}g · C {entry.carbs}g · F {entry.fat}g
        </p>
      </div>
      <div className="flex shrink-0 items-center gap-1">
        <span className="text-sm tabular-nums">{formatNumber(entry.calories)} cal</span>
        <EditEntryDialog entry={entry} />
        <Button
          variant="ghost"
          size="icon"
          disabled={busy}
          aria-label={`Delete ${entry.foodName}`}
          onClick={() => {
            setBusy(true);
            onDelete(entry).finally(() => setBusy(false));
          }}
        >
          <Trash2 className="h-4 w-4" aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}

/** The day's entries grouped by meal, each with edit and delete (with Undo); copy from another day. */
export function DayEntries({ date }: { date: string }) {
  const { data, isPending, isError, error } = useFoodEntries(date);
  const onDelete = useDeleteWithUndo();
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg leading-tight font-bold">Food Diary</h2>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        {isPending ? (
          <div className="space-y-3">
            <Skeleton className="h-5 w-full" />
            <Skeleton className="h-5 w-3/4" />
          </div>
        ) : isError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {errorMessage(error)}
          </p>
        ) : (
          <div>
            {data.meals.every((m) => m.entries.length === 0) && (
              <p className="mb-4 text-sm text-muted-foreground">No food logged for this day yet.</p>
            )}
            <div className="grid gap-4 md:grid-cols-2">
              {data.meals.map((meal) => (
                <section
                  key={meal.mealType}
                  aria-labelledby={`meal-${meal.mealType}`}
                  data-testid={`meal-${meal.mealType}`}
                  className="min-w-0" // long USDA names truncate instead of widening the page
                >
                  <h3 id={`meal-${meal.mealType}`} className="flex justify-between border-b border-border pb-1 font-semibold">
                    <span>{MEAL_LABELS[meal.mealType]}</span>
                    <span className="text-sm font-normal text-muted-foreground tabular-nums">{formatNumber(meal.calories)} cal</span>
                  </h3>
                  {meal.entries.length === 0 ? (
                    <p className="py-2 text-sm text-muted-foreground">Nothing logged</p>
                  ) : (
                    <ul className="divide-y divide-border">
                      {meal.entries.map((e) => (
                        <EntryRow key={e.id} entry={e} onDelete={onDelete} />
                      ))}
                    </ul>
                  )}
                </section>
              ))}
            </div>
          </div>
        )}
        <CopyForm key={date} date={date} />
      </CardContent>
    </Card>
  );
}

import { Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { useDeleteFoodEntry } from '../api/delete-food-entry';
import { useFoodEntries } from '../api/get-food-entries';
import type { FoodEntry } from '../api/types';
import { MEAL_LABELS } from '../lib/content';

function EntryRow({ entry }: { entry: FoodEntry }) {
  const del = useDeleteFoodEntry();
  const remove = () =>
    del.mutate(entry.id, {
      onError: (err) => toast({ title: 'Delete failed', description: errorMessage(err), variant: 'destructive' }),
    });
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
        <Button variant="ghost" size="icon" onClick={remove} disabled={del.isPending} aria-label={`Delete ${entry.foodName}`}>
          <Trash2 className="h-4 w-4" aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}

/** The day's entries grouped by meal, each with a delete button. */
export function DayEntries({ date }: { date: string }) {
  const { data, isPending, isError, error } = useFoodEntries(date);
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg leading-tight font-bold">Food Diary</h2>
      </CardHeader>
      <CardContent>
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
          <>
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
                        <EntryRow key={e.id} entry={e} />
                      ))}
                    </ul>
                  )}
                </section>
              ))}
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}

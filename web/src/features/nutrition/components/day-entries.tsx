import { useQueryClient } from '@tanstack/react-query';
import { Copy, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { FormField, InputField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { useApiForm } from '@/components/ui/use-api-form';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { useCopyFoodEntries } from '../api/copy-food-entries';
import { deleteFoodEntry } from '../api/delete-food-entry';
import { useFoodEntries } from '../api/get-food-entries';
import { invalidateDiary } from '../api/invalidate';
import type { FoodEntry } from '../api/types';
import { restoreFoodEntry } from '../api/update-food-entry';
import { MEAL_LABELS } from '../lib/content';
import { addDays, dayLabel, todayISO } from '../lib/dates';
import { copyDaySchema, type CopyDayValues } from '../schemas';
import { EditEntryDialog } from './edit-entry-dialog';
import { MealOptions } from './meal-options';
import { timeZone } from '@/lib/time-zone';

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

/** Copy a meal or a whole day from another date into this one (never from the future). */
function CopyForm({ date }: { date: string }) {
  const uid = useId();
  const today = todayISO();
  const [done, setDone] = useState<string | null>(null);
  const copy = useCopyFoodEntries();
  const { form, formError, submit } = useApiForm<CopyDayValues>({
    schema: copyDaySchema,
    defaultValues: { fromDate: addDays(date, -1), mealType: '' },
    fallback: 'Copy failed',
  });
  const { errors } = form.formState;
  const onSubmit = (e: React.FormEvent) => {
    setDone(null);
    return submit(async ({ fromDate, mealType }) => {
      const res = await copy.mutateAsync({ fromDate, toDate: date, ...(mealType ? { mealType } : {}), tz: timeZone() });
      const what = mealType ? MEAL_LABELS[mealType] : 'the whole day';
      setDone(`Copied ${res.copied} ${res.copied === 1 ? 'food' : 'foods'} (${what} of ${dayLabel(fromDate, today)}).`);
    })(e);
  };
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3 rounded-lg border border-border p-3" aria-labelledby={`${uid}-title`}>
      <h3 id={`${uid}-title`} className="text-sm font-semibold">
        Copy from another day
      </h3>
      <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
        <InputField label="Copy from" type="date" max={today} required error={errors.fromDate?.message} {...form.register('fromDate')} />
        <FormField label="What" error={errors.mealType?.message}>
          {(control) => (
            <Select {...control} {...form.register('mealType')}>
              <option value="">Whole day</option>
              <MealOptions />
            </Select>
          )}
        </FormField>
        <Button type="submit" variant="outline" disabled={copy.isPending} className="sm:mt-7">
          <Copy className="h-4 w-4" aria-hidden="true" />
          {copy.isPending ? 'Copying...' : 'Copy to this day'}
        </Button>
      </div>
      {done && (
        <p role="status" className="text-sm text-muted-foreground">
          {done}
        </p>
      )}
      {formError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {formError}
        </p>
      )}
    </form>
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

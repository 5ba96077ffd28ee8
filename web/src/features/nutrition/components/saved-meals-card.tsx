import { Pencil, Trash2, Utensils } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { useDeleteSavedMeal, useLogSavedMeal, useSavedMeals } from '../api/saved-meals';
import type { SavedMeal } from '../api/types';
import { MEAL_LABELS, type MealType } from '../lib/content';
import { deferred } from '@/lib/deferred';
import { timeZone } from '@/lib/time-zone';
import { dayLabel, mealForTime } from '../lib/dates';
import { MealOptions } from './meal-options';

// Saved meals and recipes (docs/nutrition-diary.md#saved-meals-and-recipes):
// save foods of the day as a meal ("usual breakfast") or a recipe with
// servings, and log either on any day in one tap. The server checks the same
// rules and has the last word.

// The two forms, with zod and the form kit, load apart from the card (lib/deferred.tsx).
const SaveForm = deferred(() => import('./saved-meal-forms').then((m) => ({ default: m.SaveForm })));
const RenameForm = deferred(() => import('./saved-meal-forms').then((m) => ({ default: m.RenameForm })));

function summary(meal: SavedMeal): string {
  const foods = `${meal.foods.length} ${meal.foods.length === 1 ? 'food' : 'foods'}`;
  if (meal.servings == null || !meal.perServing) return `${foods} · ${formatNumber(meal.total.calories)} cal`;
  const p = meal.perServing;
  return `Recipe, ${formatNumber(meal.servings)} servings · per serving ${formatNumber(p.calories)} cal, P ${p.protein}g · C ${p.carbs}g · F ${p.fat}g`;
}

/** One saved meal: log it on the page's day in one tap, rename or delete it. */
function SavedMealRow({ meal, date }: { meal: SavedMeal; date: string }) {
  const uid = useId();
  const [mealType, setMealType] = useState<MealType>(mealForTime());
  const [servings, setServings] = useState('1');
  const [renaming, setRenaming] = useState(false);
  const log = useLogSavedMeal();
  const del = useDeleteSavedMeal();
  const recipe = meal.servings != null;
  const onLog = () => {
    const n = servings.trim() === '' ? Number.NaN : Number(servings);
    if (recipe && !(n > 0 && n <= 20)) {
      toast({ title: 'Could not log the meal', description: 'Servings must be more than 0 and at most 20', variant: 'destructive' });
      return;
    }
    log.mutate(
      { id: meal.id, date, tz: timeZone(), mealType, ...(recipe ? { servings: n } : {}) },
      {
        onSuccess: (res) =>
          toast({
            title: 'Meal logged',
            description: `${meal.name}: ${res.entries.length} ${res.entries.length === 1 ? 'entry' : 'entries'} in ${MEAL_LABELS[mealType]}, ${dayLabel(date)}.`,
          }),
        onError: (err) => toast({ title: 'Could not log the meal', description: errorMessage(err), variant: 'destructive' }),
      },
    );
  };
  return (
    <li className="grid gap-2 py-3" data-testid="saved-meal">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate font-medium">{meal.name}</p>
          <p className="text-xs text-muted-foreground">{summary(meal)}</p>
        </div>
        <div className="flex shrink-0 gap-1">
          <Button variant="ghost" size="icon" aria-label={`Rename ${meal.name}`} onClick={() => setRenaming(!renaming)}>
            <Pencil className="h-4 w-4" aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Delete ${meal.name}`}
            disabled={del.isPending}
            onClick={() =>
              del.mutate(meal.id, { onError: (err) => toast({ title: 'Could not delete the meal', description: errorMessage(err), variant: 'destructive' }) })
            }
          >
            <Trash2 className="h-4 w-4" aria-hidden="true" />
          </Button>
        </div>
      </div>
      {renaming ? <RenameForm meal={meal} onDone={() => setRenaming(false)} /> : null}
      <div className="flex flex-wrap items-end gap-2">
        <div className="grid gap-1">
          <Label htmlFor={`${uid}-slot`} className="text-xs">
            Log into
          </Label>
          <Select id={`${uid}-slot`} className="h-9 w-32" value={mealType} onChange={(e) => setMealType(e.target.value as MealType)}>
            <MealOptions />
          </Select>
        </div>
        {recipe ? (
          <FormField label="Servings eaten" className="gap-1" labelClassName="text-xs">
            {(control) => (
              <Input {...control} className="h-9 w-20" type="number" inputMode="decimal" min="0.25" step="0.25" value={servings} onChange={(e) => setServings(e.target.value)} />
            )}
          </FormField>
        ) : null}
        <Button size="sm" className="h-9" aria-label={`Log ${meal.name}`} disabled={log.isPending} onClick={onLog}>
          <Utensils className="h-4 w-4" aria-hidden="true" />
          {log.isPending ? 'Logging...' : 'Log'}
        </Button>
      </div>
    </li>
  );
}

/** The athlete's saved meals and recipes, and the form that saves new ones from the day's foods. */
export function SavedMealsCard({ date }: { date: string }) {
  const meals = useSavedMeals();
  return (
    <Card aria-labelledby="saved-meals-title" data-testid="saved-meals-card">
      <CardHeader>
        <h2 id="saved-meals-title" className="text-lg leading-tight font-bold">
          Saved meals and recipes
        </h2>
        <CardDescription>Log what you eat often in one tap, into the day shown above.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {meals.isPending ? (
          <Skeleton className="h-12" />
        ) : meals.isError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {errorMessage(meals.error)}
          </p>
        ) : meals.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No saved meals yet.</p>
        ) : (
          <ul className="divide-y divide-border" aria-label="Saved meals">
            {meals.data.map((m) => (
              <SavedMealRow key={m.id} meal={m} date={date} />
            ))}
          </ul>
        )}
        <SaveForm key={date} date={date} />
      </CardContent>
    </Card>
  );
}

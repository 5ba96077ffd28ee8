import { BookmarkPlus, Pencil, Trash2, Utensils } from 'lucide-react';
import { useId, useState } from 'react';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { FormError, FormField, InputField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useApiForm } from '@/components/ui/use-api-form';
import { errorMessage } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { useFoodEntries } from '../api/get-food-entries';
import { useCreateSavedMeal, useDeleteSavedMeal, useLogSavedMeal, useRenameSavedMeal, useSavedMeals } from '../api/saved-meals';
import type { SavedMeal } from '../api/types';
import { MEAL_LABELS, type MealType } from '../lib/content';
import { timeZone } from '@/lib/time-zone';
import { dayLabel, mealForTime } from '../lib/dates';
import { MealOptions } from './meal-options';

// Saved meals and recipes (docs/nutrition-diary.md#saved-meals-and-recipes):
// save foods of the day as a meal ("usual breakfast") or a recipe with
// servings, and log either on any day in one tap. The server checks the same
// rules and has the last word.

const nameRule = z.string().trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters');

const saveSchema = z.object({
  name: nameRule,
  entryIds: z.array(z.string()).min(1, 'Choose at least one food').max(30, 'A saved meal holds at most 30 foods'),
  servings: z
    .string()
    .trim()
    .refine((v) => v === '' || (Number(v) > 0 && Number(v) <= 100), 'Servings must be more than 0 and at most 100'),
});
type SaveValues = z.infer<typeof saveSchema>;

const renameSchema = z.object({ name: nameRule });
type RenameValues = z.infer<typeof renameSchema>;

/** Save some of the day's foods as a meal, or with servings as a recipe. */
function SaveForm({ date }: { date: string }) {
  const uid = useId();
  const day = useFoodEntries(date);
  const create = useCreateSavedMeal();
  const { form, formError, submit } = useApiForm<SaveValues>({
    schema: saveSchema,
    defaultValues: { name: '', entryIds: [], servings: '' },
  });
  const { errors } = form.formState;
  const chosen = form.watch('entryIds');
  const entries = day.data?.meals.flatMap((m) => m.entries) ?? [];
  const onSubmit = submit(async ({ name, entryIds, servings }) => {
    const saved = await create.mutateAsync({
      name,
      entryIds: entryIds.map(Number),
      ...(servings.trim() ? { servings: Number(servings) } : {}),
    });
    form.reset();
    toast({ title: 'Meal saved', description: `${saved.name}: ${saved.foods.length} ${saved.foods.length === 1 ? 'food' : 'foods'}.` });
  });

  if (entries.length === 0) {
    return <p className="text-sm text-muted-foreground">Log foods on this day to save them as a meal or a recipe.</p>;
  }
  const toggle = (id: string, on: boolean) =>
    form.setValue('entryIds', on ? [...chosen, id] : chosen.filter((c) => c !== id), { shouldValidate: form.formState.isSubmitted });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3 rounded-lg border border-border p-3" aria-labelledby={`${uid}-title`}>
      <h3 id={`${uid}-title`} className="text-sm font-semibold">
        Save foods of this day as a meal
      </h3>
      <fieldset className="grid gap-2" aria-invalid={errors.entryIds ? true : undefined} aria-describedby={errors.entryIds ? `${uid}-foods-error` : undefined}>
        <legend className="mb-1 text-sm font-medium">Foods</legend>
        {entries.map((e) => (
          <label key={e.id} className="flex min-w-0 items-center gap-3 text-sm">
            <input
              type="checkbox"
              className="h-4 w-4 shrink-0 accent-primary"
              checked={chosen.includes(String(e.id))}
              onChange={(ev) => toggle(String(e.id), ev.target.checked)}
            />
            <span className="min-w-0 truncate">
              {e.foodName} <span className="text-muted-foreground">· {e.quantity} · {formatNumber(e.calories)} cal</span>
            </span>
          </label>
        ))}
        {errors.entryIds?.message ? (
          <p id={`${uid}-foods-error`} className="text-sm font-medium text-destructive dark:text-red-400">
            {errors.entryIds.message}
          </p>
        ) : null}
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <InputField label="Name" placeholder="e.g. Usual breakfast" maxLength={100} error={errors.name?.message} {...form.register('name')} />
        <InputField
          label="Servings (recipes only)"
          hint="A recipe's foods make this many servings; leave empty for a meal."
          type="number"
          inputMode="decimal"
          error={errors.servings?.message}
          {...form.register('servings')}
        />
      </div>
      <FormError message={formError} />
      <div>
        <Button type="submit" variant="outline" disabled={create.isPending}>
          <BookmarkPlus className="h-4 w-4" aria-hidden="true" />
          {create.isPending ? 'Saving...' : 'Save meal'}
        </Button>
      </div>
    </form>
  );
}

function RenameForm({ meal, onDone }: { meal: SavedMeal; onDone: () => void }) {
  const rename = useRenameSavedMeal();
  const { form, formError, submit } = useApiForm<RenameValues>({ schema: renameSchema, defaultValues: { name: meal.name } });
  const onSubmit = submit(async ({ name }) => {
    await rename.mutateAsync({ id: meal.id, name });
    onDone();
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-2" aria-label={`Rename ${meal.name}`}>
      <InputField label="New name" maxLength={100} error={form.formState.errors.name?.message} {...form.register('name')} />
      <FormError message={formError} />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={rename.isPending}>
          {rename.isPending ? 'Saving...' : 'Save name'}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

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

import { BookmarkPlus } from 'lucide-react';
import { useId } from 'react';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormError, InputField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { useApiForm } from '@/components/ui/use-api-form';
import { formatNumber } from '@/lib/format';
import { useFoodEntries } from '../api/get-food-entries';
import { useCreateSavedMeal, useRenameSavedMeal } from '../api/saved-meals';
import type { SavedMeal } from '../api/types';

// The saved meals card's forms (saved-meals-card.tsx); the server checks the same rules.

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
export function SaveForm({ date }: { date: string }) {
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

export function RenameForm({ meal, onDone }: { meal: SavedMeal; onDone: () => void }) {
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

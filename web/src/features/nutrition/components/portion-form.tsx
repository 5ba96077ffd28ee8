import { Star } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField, InputField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { useApiForm } from '@/components/ui/use-api-form';
import { errorMessage } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { parseDecimal } from '@/lib/parse-decimal';
import { useSetFavourite } from '../api/my-foods';
import type { Food } from '../api/types';
import { type MealType } from '../lib/content';
import { mealForTime } from '../lib/dates';
import { defaultPortion, GRAMS, isOutsizedPortion, portionGrams, portionMacros } from '../lib/portion';
import { portionSchema, type PortionInput, type PortionOutput } from '../schemas';
import { MealOptions } from './meal-options';

export type PortionChoice = { measure?: string; count?: number; grams?: number; mealType: MealType };

/** A star toggle for a food of the database. */
export function FavouriteButton({ food }: { food: Food }) {
  const set = useSetFavourite();
  const [on, setOn] = useState(food.favourite);
  const [error, setError] = useState<string | null>(null);
  if (food.custom) return null;
  const toggle = () => {
    const next = !on;
    setOn(next);
    setError(null);
    set.mutate({ foodId: food.id, on: next }, { onError: (err) => (setOn(!next), setError(errorMessage(err))) });
  };
  return (
    <>
      <Button type="button" variant="outline" size="sm" aria-pressed={on} onClick={toggle} className="justify-self-start">
        <Star className={on ? 'h-4 w-4 fill-current' : 'h-4 w-4'} aria-hidden="true" />
        {on ? 'Starred' : 'Star'}
      </Button>
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </>
  );
}

/**
 * A food's portion (a household measure and how many, or grams), the meal, and
 * the macros of that amount as the server computes them. The amount reads "1.5"
 * and "1,5" alike (portionSchema).
 */
export function PortionForm({
  food,
  initial,
  submitText,
  busyText,
  onSubmit,
  focusTitle = true,
}: {
  food: Food;
  initial?: { measure: string; amount: string; meal: MealType };
  submitText: (meal: MealType) => string;
  busyText: string;
  onSubmit: (choice: PortionChoice) => Promise<void>;
  focusTitle?: boolean;
}) {
  const uid = useId();
  // The natural unit (a medium banana, a large egg), never simply the first measure.
  const start = defaultPortion(food);
  const { form, formError, submit } = useApiForm<PortionInput, PortionOutput>({
    schema: portionSchema,
    defaultValues: {
      measure: initial?.measure ?? start.measure,
      amount: initial?.amount ?? start.amount,
      mealType: initial?.meal ?? mealForTime(),
    },
    // The server's field names (count, grams) are not the form's: its words show as the form's message.
    fields: ['measure', 'mealType'],
    fallback: 'Failed to save',
  });
  const { errors, isSubmitting } = form.formState;
  // A portion far beyond one sitting is asked about once before it is saved.
  const [confirming, setConfirming] = useState(false);
  const title = useRef<HTMLHeadingElement>(null);
  // Picking a food removes the list: keyboard and screen-reader users land on its form.
  useEffect(() => {
    if (focusTitle) title.current?.focus();
  }, [focusTitle]);
  const [measure, amount, meal] = form.watch(['measure', 'amount', 'mealType']);
  const count = parseDecimal(amount);
  const grams = Number.isFinite(count) ? portionGrams(food, measure, count) : 0;
  const macros = portionMacros(food, grams);

  const onSave = submit(async (v) => {
    if (!confirming && isOutsizedPortion(grams, macros.calories)) {
      setConfirming(true);
      return;
    }
    setConfirming(false);
    await onSubmit(v.measure === GRAMS ? { grams: v.amount, mealType: v.mealType } : { measure: v.measure, count: v.amount, mealType: v.mealType });
  });

  return (
    <form onSubmit={onSave} noValidate aria-labelledby={`${uid}-title`} className="grid gap-4 rounded-lg border border-border p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={`${uid}-title`} ref={title} tabIndex={-1} className="min-w-0 font-semibold break-words focus-visible:outline-none">
          {food.name}
        </h3>
        <FavouriteButton food={food} />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label="Portion" id={`${uid}-measure`} error={errors.measure?.message}>
          {(control) => (
            <Select
              {...control}
              {...form.register('measure', {
                onChange: (e: React.ChangeEvent<HTMLSelectElement>) => {
                  setConfirming(false);
                  if (e.target.value === GRAMS) form.setValue('amount', '100');
                },
              })}
            >
              {food.measures.map((m) => (
                <option key={m.label} value={m.label}>
                  {m.label} ({formatNumber(m.grams)} g)
                </option>
              ))}
              <option value={GRAMS}>grams</option>
            </Select>
          )}
        </FormField>
        <InputField
          label={measure === GRAMS ? 'Grams' : 'How many'}
          id={`${uid}-amount`}
         
          inputMode="decimal"
          autoComplete="off"
          error={errors.amount?.message}
          {...form.register('amount', { onChange: () => setConfirming(false) })}
        />
        <FormField label="Meal" id={`${uid}-meal`} error={errors.mealType?.message}>
          {(control) => (
            <Select {...control} {...form.register('mealType')}>
              <MealOptions />
            </Select>
          )}
        </FormField>
      </div>
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-5" aria-label="Macros of the amount chosen" data-testid="portion-macros">
        {[
          ['Weight', `${formatNumber(Math.round(grams * 10) / 10)} g`],
          ['Calories', `${formatNumber(macros.calories)} cal`],
          ['Protein', `${macros.protein} g`],
          ['Carbs', `${macros.carbs} g`],
          ['Fat', `${macros.fat} g`],
        ].map(([label, value]) => (
          <div key={label} className="rounded-md bg-muted px-3 py-2">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {formError && (
        <p role="alert" className="rounded-md border border-destructive p-3 text-sm text-red-700 dark:text-red-400">
          {formError}
        </p>
      )}
      {confirming && (
        <p role="alert" className="rounded-md border border-amber-600 p-3 text-sm" data-testid="portion-confirm">
          That is {formatNumber(macros.calories)} cal ({formatNumber(Math.round(grams))} g), far more than one person
          usually eats at a sitting. Check the portion, or log it anyway.
        </p>
      )}
      <Button type="submit" disabled={isSubmitting} className="justify-self-start">
        {isSubmitting ? busyText : confirming ? 'Log it anyway' : submitText(meal)}
      </Button>
    </form>
  );
}

import { Star } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { useSetFavourite } from '../api/my-foods';
import type { Food } from '../api/types';
import { MEAL_LABELS, MEAL_TYPES, type MealType } from '../lib/content';
import { mealForTime } from '../lib/dates';
import { defaultPortion, GRAMS, isOutsizedPortion, portionGrams, portionMacros } from '../lib/portion';

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
 * the macros of that amount as the server computes them.
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
  const [measure, setMeasure] = useState(initial?.measure ?? start.measure);
  const [amount, setAmount] = useState(initial?.amount ?? start.amount);
  const [meal, setMeal] = useState<MealType>(initial?.meal ?? mealForTime());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A portion far beyond one sitting is asked about once before it is saved.
  const [confirming, setConfirming] = useState(false);
  const title = useRef<HTMLHeadingElement>(null);
  // Picking a food removes the list: keyboard and screen-reader users land on its form.
  useEffect(() => {
    if (focusTitle) title.current?.focus();
  }, [focusTitle]);
  const count = Number(amount);
  const grams = Number.isFinite(count) ? portionGrams(food, measure, count) : 0;
  const macros = portionMacros(food, grams);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!confirming && isOutsizedPortion(grams, macros.calories)) {
      setConfirming(true);
      return;
    }
    setConfirming(false);
    setBusy(true);
    try {
      await onSubmit(measure === GRAMS ? { grams: count, mealType: meal } : { measure, count, mealType: meal });
    } catch (err) {
      setError(errorMessage(err, 'Failed to save'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} aria-labelledby={`${uid}-title`} className="grid gap-4 rounded-lg border border-border p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={`${uid}-title`} ref={title} tabIndex={-1} className="min-w-0 font-semibold break-words focus-visible:outline-none">
          {food.name}
        </h3>
        <FavouriteButton food={food} />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <div className="grid gap-1.5">
          <Label htmlFor={`${uid}-measure`}>Portion</Label>
          <Select
            id={`${uid}-measure`}
            value={measure}
            onChange={(e) => {
              setMeasure(e.target.value);
              setConfirming(false);
              if (e.target.value === GRAMS) setAmount('100');
            }}
          >
            {food.measures.map((m) => (
              <option key={m.label} value={m.label}>
                {m.label} ({formatNumber(m.grams)} g)
              </option>
            ))}
            <option value={GRAMS}>grams</option>
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${uid}-amount`}>{measure === GRAMS ? 'Grams' : 'How many'}</Label>
          <Input
            id={`${uid}-amount`}
            type="number"
            inputMode="decimal"
            min={0}
            step={measure === GRAMS ? 1 : 0.25}
            value={amount}
            onChange={(e) => {
              setAmount(e.target.value);
              setConfirming(false);
            }}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${uid}-meal`}>Meal</Label>
          <Select id={`${uid}-meal`} value={meal} onChange={(e) => setMeal(e.target.value as MealType)}>
            {MEAL_TYPES.map((m) => (
              <option key={m} value={m}>
                {MEAL_LABELS[m]}
              </option>
            ))}
          </Select>
        </div>
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
      {error && (
        <p role="alert" className="rounded-md border border-destructive p-3 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      {confirming && (
        <p role="alert" className="rounded-md border border-amber-600 p-3 text-sm" data-testid="portion-confirm">
          That is {formatNumber(macros.calories)} cal ({formatNumber(Math.round(grams))} g), far more than one person
          usually eats at a sitting. Check the portion, or log it anyway.
        </p>
      )}
      <Button type="submit" disabled={busy} className="justify-self-start">
        {busy ? busyText : confirming ? 'Log it anyway' : submitText(meal)}
      </Button>
    </form>
  );
}

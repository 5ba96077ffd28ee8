import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { useCreateFoodEntry } from '../api/create-food-entry';
import { useFoodSearch } from '../api/search-foods';
import type { Food } from '../api/types';
import { MEAL_LABELS, MEAL_TYPES, type MealType } from '../lib/content';
import { mealForTime } from '../lib/dates';
import { GRAMS, portionGrams, portionMacros } from '../lib/portion';
import { Select } from '@/components/ui/select';

/** value, once it has stopped changing for ms (one search per pause in typing). */
function useDebounced(value: string, ms: number) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

function PortionForm({ food, date, onLogged }: { food: Food; date: string; onLogged: () => void }) {
  const uid = useId();
  const [measure, setMeasure] = useState(food.measures[0]?.label ?? GRAMS);
  const [amount, setAmount] = useState(food.measures.length > 0 ? '1' : '100');
  const [meal, setMeal] = useState<MealType>(mealForTime());
  const [error, setError] = useState<string | null>(null);
  const create = useCreateFoodEntry();
  const title = useRef<HTMLHeadingElement>(null);
  // Picking a food removes the list: keyboard and screen-reader users land on its form.
  useEffect(() => title.current?.focus(), []);
  const count = Number(amount);
  const grams = Number.isFinite(count) ? portionGrams(food, measure, count) : 0;
  const macros = portionMacros(food, grams);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    const portion = measure === GRAMS ? { grams: count } : { measure, count };
    try {
      const entry = await create.mutateAsync({ foodId: food.id, ...portion, mealType: meal, date });
      toast({ title: 'Food logged', description: `${entry.foodName} added to ${MEAL_LABELS[entry.mealType]}.` });
      onLogged();
    } catch (err) {
      setError(errorMessage(err, 'Failed to log food'));
    }
  };

  return (
    <form onSubmit={submit} aria-labelledby={`${uid}-title`} className="grid gap-4 rounded-lg border border-border p-4">
      <h3 id={`${uid}-title`} ref={title} tabIndex={-1} className="font-semibold focus-visible:outline-none">
        {food.name}
      </h3>
      <div className="grid gap-4 sm:grid-cols-3">
        <div className="grid gap-1.5">
          <Label htmlFor={`${uid}-measure`}>Portion</Label>
          <Select
            id={`${uid}-measure`}
            value={measure}
            onChange={(e) => {
              setMeasure(e.target.value);
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
            onChange={(e) => setAmount(e.target.value)}
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
      <Button type="submit" disabled={create.isPending} className="justify-self-start">
        {create.isPending ? 'Adding...' : `Add to ${MEAL_LABELS[meal]}`}
      </Button>
    </form>
  );
}

/** Search the food database, pick a portion and a meal, see the macros, log it. */
export function FoodSearch({ date }: { date: string }) {
  const uid = useId();
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<Food | null>(null);
  const q = useDebounced(query.trim(), 250);
  const results = useFoodSearch(q);
  const foods = q ? (results.data?.foods ?? []) : [];

  return (
    <Card>
      <CardHeader>
        <h2 id={`${uid}-heading`} className="text-lg leading-tight font-bold">
          Add from the food database
        </h2>
        <p className="text-sm text-muted-foreground">8,858 USDA foods. Type the start of a few words, in any order.</p>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-1.5">
          <Label htmlFor={`${uid}-q`}>Search foods</Label>
          <div className="relative">
            <Search className="pointer-events-none absolute top-3 left-3 h-4 w-4 text-muted-foreground" aria-hidden="true" />
            <Input
              id={`${uid}-q`}
              type="search"
              autoComplete="off"
              maxLength={100}
              placeholder="e.g. chick bre"
              className="pl-9"
              value={query}
              onChange={(e) => {
                setQuery(e.target.value);
                setSelected(null);
              }}
              aria-describedby={`${uid}-status`}
            />
          </div>
          <p id={`${uid}-status`} role="status" className="text-sm text-muted-foreground">
            {!q
              ? ''
              : results.isError
                ? errorMessage(results.error)
                : results.isPending
                  ? 'Searching...'
                  : foods.length === 0
                    ? 'No foods found.'
                    : `${foods.length} foods found.`}
          </p>
        </div>
        {foods.length > 0 && !selected && (
          <ul aria-label="Foods found" className="grid max-h-96 gap-1 overflow-y-auto">
            {foods.map((f) => (
              <li key={f.id}>
                <button
                  type="button"
                  onClick={() => setSelected(f)}
                  className="flex w-full items-center justify-between gap-3 rounded-md px-3 py-2 text-left hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                >
                  <span className="min-w-0">
                    <span className="block">{f.name}</span>
                    <span className="text-xs text-muted-foreground">
                      {f.recent ? 'Logged before · ' : ''}
                      {f.group}
                    </span>
                  </span>
                  <span className="shrink-0 text-xs text-muted-foreground tabular-nums">{formatNumber(f.kcal)} cal / 100 g</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        {selected && (
          <>
            <Button variant="outline" size="sm" className="justify-self-start" onClick={() => setSelected(null)}>
              Back to results
            </Button>
            <PortionForm
              key={selected.id}
              food={selected}
              date={date}
              onLogged={() => {
                setSelected(null);
                setQuery('');
              }}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}

import { Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { useCreateFoodEntry } from '../api/create-food-entry';
import { useMyFoods } from '../api/my-foods';
import { useFoodSearch } from '../api/search-foods';
import type { Food } from '../api/types';
import { MEAL_LABELS } from '../lib/content';
import { BarcodeScan } from './barcode-scan';
import { CustomFoodDialog } from './custom-food-dialog';
import { isQueued, QUEUED_TEXT } from '@/lib/offline/send';
import { deferred } from '@/lib/deferred';

// The portion form, with the form kit, loads apart from the search (lib/deferred.tsx).
const PortionForm = deferred(() => import('./portion-form').then((m) => ({ default: m.PortionForm })));

/** value, once it has stopped changing for ms (one search per pause in typing). */
function useDebounced(value: string, ms: number) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

const foodKey = (f: Food) => `${f.custom ? 'c' : 'f'}${f.id}`;

/** A list of foods to pick from (search results, recent, starred, custom). */
function FoodList({ foods, label, onPick, onEdited }: { foods: Food[]; label: string; onPick: (f: Food) => void; onEdited?: (f: Food) => void }) {
  return (
    <ul aria-label={label} className="grid max-h-96 gap-1 overflow-y-auto">
      {foods.map((f) => (
        <li key={foodKey(f)} className="flex items-center gap-1">
          <button
            type="button"
            onClick={() => onPick(f)}
            className="flex w-full min-w-0 items-center justify-between gap-3 rounded-md px-3 py-2 text-left hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            <span className="min-w-0">
              <span className="block break-words">{f.name}</span>
              <span className="text-xs text-muted-foreground">
                {f.favourite ? 'Starred · ' : ''}
                {f.recent ? 'Logged before · ' : ''}
                {f.group}
              </span>
            </span>
            <span className="shrink-0 text-xs text-muted-foreground tabular-nums">{formatNumber(f.kcal)} cal / 100 g</span>
          </button>
          {onEdited && f.custom && <CustomFoodDialog food={f} onSaved={onEdited} />}
        </li>
      ))}
    </ul>
  );
}

type Tab = 'recent' | 'favourites' | 'custom';
const TABS: { id: Tab; label: string; empty: string }[] = [
  { id: 'recent', label: 'Recent', empty: 'Foods you log from the database show here.' },
  { id: 'favourites', label: 'Starred', empty: 'Star a food to keep it here.' },
  { id: 'custom', label: 'My foods', empty: 'Add your own foods with their values per 100 g.' },
];

/** My recent, starred and custom foods, shown while the search is empty. */
function MyFoodsPanel({ onPick }: { onPick: (f: Food) => void }) {
  const [tab, setTab] = useState<Tab>('recent');
  const mine = useMyFoods();
  const current = TABS.find((t) => t.id === tab)!;
  const foods = mine.data?.[tab] ?? [];
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label="My foods">
        {TABS.map((t) => (
          <Button key={t.id} type="button" size="sm" variant={tab === t.id ? 'secondary' : 'outline'} aria-pressed={tab === t.id} onClick={() => setTab(t.id)}>
            {t.label}
            {mine.data ? ` (${mine.data[t.id].length})` : ''}
          </Button>
        ))}
        <CustomFoodDialog onSaved={(f) => (setTab('custom'), onPick(f))} />
      </div>
      {mine.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errorMessage(mine.error)}
        </p>
      ) : mine.isPending ? null : foods.length === 0 ? (
        <p className="text-sm text-muted-foreground">{current.empty}</p>
      ) : (
        <FoodList
          foods={foods}
          label={current.label}
          onPick={onPick}
          onEdited={tab === 'custom' ? (f) => toast({ title: 'Food saved', description: `${f.name}: entries you already logged keep their figures.` }) : undefined}
        />
      )}
    </div>
  );
}

/** The search box's id: "Log Food" on the dashboard brings the athlete here. */
export const FOOD_SEARCH_ID = 'food-search';

/** Search the food database, pick a portion and a meal, see the macros, log it. */
export function FoodSearch({ date }: { date: string }) {
  const uid = useId();
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<Food | null>(null);
  const q = useDebounced(query.trim(), 250);
  const results = useFoodSearch(q);
  const foods = q ? (results.data?.foods ?? []) : [];
  const create = useCreateFoodEntry();

  return (
    <Card>
      <CardHeader>
        <h2 id={`${uid}-heading`} className="text-lg leading-tight font-bold">
          Add from the food database
        </h2>
        <p className="text-sm text-muted-foreground">
          8,858 USDA foods and the athletes&apos; staples (Greek yogurt, skyr, protein powders, gels, electrolytes). Type the start of a
          few words, in any order.
        </p>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        <BarcodeScan date={date} onSearchInstead={() => document.getElementById(FOOD_SEARCH_ID)?.focus()} />
        <div className="grid gap-1.5">
          <Label htmlFor={FOOD_SEARCH_ID}>Search foods</Label>
          <div className="relative">
            <Search className="pointer-events-none absolute top-3 left-3 h-4 w-4 text-muted-foreground" aria-hidden="true" />
            <Input
              id={FOOD_SEARCH_ID}
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
        {!selected && (q ? foods.length > 0 && <FoodList foods={foods} label="Foods found" onPick={setSelected} /> : <MyFoodsPanel onPick={setSelected} />)}
        {selected && (
          <>
            <Button variant="outline" size="sm" className="justify-self-start" onClick={() => setSelected(null)}>
              {q ? 'Back to results' : 'Back to my foods'}
            </Button>
            <PortionForm
              key={foodKey(selected)}
              food={selected}
              busyText="Adding..."
              submitText={(meal) => `Add to ${MEAL_LABELS[meal]}`}
              onSubmit={async (choice) => {
                const id = selected.custom ? { customFoodId: selected.id } : { foodId: selected.id };
                const entry = await create.mutateAsync({ ...id, ...choice, date, label: selected.name });
                if (isQueued(entry)) toast({ title: 'Food kept on this device', description: `${selected.name}. ${QUEUED_TEXT}` });
                else toast({ title: 'Food logged', description: `${entry.foodName} added to ${MEAL_LABELS[entry.mealType]}.` });
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

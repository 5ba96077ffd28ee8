import { RefreshCw, Utensils } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { NO_SWAPS, useDayPlan, useLogPlanMeal } from '../api/get-plan';
import type { DayPlan, PlanMeal } from '../api/types';
import { MEAL_LABELS, type MealType } from '../lib/content';

const KIND_LABELS: Record<string, string> = {
  training: 'Training day',
  rest: 'Rest day',
  race: 'Race day',
  loading: 'Carbohydrate loading',
};

function TargetLine({ plan }: { plan: DayPlan }) {
  const t = plan.targets;
  const b = plan.base;
  const was = (now: number, base: number, unit: string) => (now !== base ? ` (profile ${formatNumber(base)}${unit})` : '');
  return (
    <ul className="grid gap-1 text-sm sm:grid-cols-2" aria-label="Targets for this day" data-testid="plan-targets">
      <li>
        <strong>Calories</strong> {formatNumber(t.dailyCalories)} kcal{was(t.dailyCalories, b.dailyCalories, ' kcal')}
      </li>
      <li>
        <strong>Protein</strong> {t.proteinTarget} g{was(t.proteinTarget, b.proteinTarget, ' g')}
      </li>
      <li data-testid="plan-carbs">
        <strong>Carbs</strong> {t.carbsTarget} g{was(t.carbsTarget, b.carbsTarget, ' g')}
      </li>
      <li>
        <strong>Fat</strong> {t.fatTarget} g{was(t.fatTarget, b.fatTarget, ' g')}
      </li>
    </ul>
  );
}

function MealCard({ meal, onSwap, onLog, logging }: { meal: PlanMeal; onSwap: () => void; onLog: () => void; logging: boolean }) {
  const label = MEAL_LABELS[meal.mealType as MealType];
  return (
    <section aria-label={`${label}: ${meal.name}`} className="grid min-w-0 grid-cols-1 content-start gap-2 rounded-lg border border-border p-3" data-testid={`plan-${meal.mealType}`}>
      <h3 className="font-semibold">
        {label}: <span className="font-normal">{meal.name}</span>
      </h3>
      <ul className="grid grid-cols-1 gap-1 text-sm">
        {meal.items.map((it) => (
          <li key={it.foodId} className="flex justify-between gap-2">
            <span className="min-w-0 truncate" title={it.name}>
              {it.quantity} {it.name}
            </span>
            <span className="shrink-0 text-muted-foreground tabular-nums">{formatNumber(it.calories)} cal</span>
          </li>
        ))}
      </ul>
      <p className="text-xs text-muted-foreground tabular-nums">
        {formatNumber(meal.calories)} kcal · P {meal.protein} g · C {meal.carbs} g · F {meal.fat} g
      </p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={onLog} disabled={logging}>
          <Utensils className="h-4 w-4" aria-hidden="true" />
          {logging ? 'Logging...' : `Log ${label}`}
        </Button>
        <Button size="sm" variant="outline" onClick={onSwap} aria-label={`Swap ${label}`}>
          <RefreshCw className="h-4 w-4" aria-hidden="true" />
          Swap
        </Button>
      </div>
    </section>
  );
}

/** The pro plan of a day: targets from the calendar's day type, explained, and generated meals to log in one tap. */
export function PlanCard({ date }: { date: string }) {
  const [swaps, setSwaps] = useState<number[]>([...NO_SWAPS]);
  const plan = useDayPlan(date, swaps);
  const log = useLogPlanMeal();
  const [logging, setLogging] = useState<string | null>(null);
  const p = plan.data;

  const logMeal = (meal: PlanMeal) => {
    setLogging(meal.mealType);
    log.mutate(
      { date, mealType: meal.mealType, swaps },
      {
        onSuccess: (res) =>
          toast({
            title: 'Meal logged',
            description: `${res.entries.length} foods of ${meal.name} added to ${MEAL_LABELS[meal.mealType as MealType]}.`,
          }),
        onError: (err) => toast({ title: 'Logging failed', description: errorMessage(err), variant: 'destructive' }),
        onSettled: () => setLogging(null),
      },
    );
  };

  return (
    <Card data-testid="nutrition-plan">
      <CardHeader className="grid gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-lg leading-tight font-bold">Your nutrition plan</h2>
          {p && <Badge variant={p.source === 'calendar' ? 'info' : 'default'}>{p.day ? KIND_LABELS[p.day.kind] : 'Profile targets'}</Badge>}
        </div>
        <CardDescription>Targets that follow your training calendar, and a day of meals from the food database that meets them.</CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        {plan.isPending ? (
          <Skeleton className="h-40 w-full" />
        ) : plan.isError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {errorMessage(plan.error)}
          </p>
        ) : p === null || p === undefined ? (
          <p className="text-sm text-muted-foreground">Set your daily targets above to get a plan.</p>
        ) : (
          <>
            <ul className="grid grid-cols-1 gap-1 text-sm" data-testid="plan-explanation">
              {p.explanation.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <TargetLine plan={p} />
            <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
              {p.meals.map((m, i) => (
                <MealCard
                  key={m.mealType}
                  meal={m}
                  logging={logging === m.mealType}
                  onLog={() => logMeal(m)}
                  onSwap={() => setSwaps(swaps.map((v, j) => (j === i ? (v + 1) % m.variants : v)))}
                />
              ))}
            </div>
            <p className="text-sm" data-testid="plan-totals">
              The day: {formatNumber(p.totals.calories)} kcal and {p.totals.protein} g protein ({p.totals.carbs} g carbs, {p.totals.fat} g fat), for
              targets of {formatNumber(p.targets.dailyCalories)} kcal and {p.targets.proteinTarget} g protein.
            </p>
          </>
        )}
      </CardContent>
    </Card>
  );
}

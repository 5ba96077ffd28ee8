import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { MEAL_PLANS } from '../lib/content';

/** Static meal-planning cards: Pre-Workout, During Workout, Post-Workout (docs/product.md#nutrition). */
export function MealPlanCards({ headingLevel = 'h3' }: { headingLevel?: 'h2' | 'h3' }) {
  const Heading = headingLevel;
  return (
    <ul className="grid gap-4 md:grid-cols-3" aria-label="Meal planning">
      {MEAL_PLANS.map((plan) => (
        <li key={plan.title}>
          <Card className="h-full">
            <CardHeader>
              <Heading className="text-lg leading-tight font-bold">{plan.title}</Heading>
              <CardDescription>{plan.timing}</CardDescription>
            </CardHeader>
            <CardContent>
              <ul className="divide-y divide-border">
                {plan.meals.map((m) => (
                  <li key={m.name} className="flex justify-between py-2 text-sm">
                    <span>{m.name}</span>
                    <span className="text-muted-foreground tabular-nums">{m.calories} cal</span>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}

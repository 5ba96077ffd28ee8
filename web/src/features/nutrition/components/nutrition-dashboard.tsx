import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { MacroProgress } from './macro-progress';

export type DashboardFigures = {
  dailyCalories: number;
  proteinTarget: number;
  carbsTarget: number;
  fatTarget: number;
  currentCalories: number;
  currentProtein: number;
  currentCarbs: number;
  currentFat: number;
};

/** The Daily Nutrition Dashboard: four progress bars and an actions slot. */
export function NutritionDashboard({
  figures,
  description,
  badge,
  actions,
  headingLevel = 'h2',
}: {
  figures: DashboardFigures;
  description?: ReactNode;
  badge?: ReactNode;
  actions?: ReactNode;
  headingLevel?: 'h2' | 'h3';
}) {
  const Heading = headingLevel;
  return (
    <Card data-testid="nutrition-dashboard">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
        <div className="flex flex-col gap-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <Heading className="text-lg leading-tight font-bold">Daily Nutrition Dashboard</Heading>
            {badge}
          </div>
          {description && <CardDescription>{description}</CardDescription>}
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </CardHeader>
      <CardContent className="grid gap-5 sm:grid-cols-2">
        <MacroProgress label="Calories" current={figures.currentCalories} target={figures.dailyCalories} unit="kcal" />
        <MacroProgress label="Protein" current={figures.currentProtein} target={figures.proteinTarget} unit="g" />
        <MacroProgress label="Carbs" current={figures.currentCarbs} target={figures.carbsTarget} unit="g" />
        <MacroProgress label="Fat" current={figures.currentFat} target={figures.fatTarget} unit="g" />
      </CardContent>
    </Card>
  );
}

/** docs/product.md#web-app: the nutrition skeleton while the profile loads. */
export function NutritionDashboardSkeleton() {
  return (
    <Card data-testid="nutrition-skeleton">
      <span className="sr-only" role="status">
        Loading nutrition...
      </span>
      <CardHeader>
        <CardTitle>
          <Skeleton className="h-6 w-56" />
        </CardTitle>
        <Skeleton className="h-4 w-32" />
      </CardHeader>
      <CardContent className="grid gap-5 sm:grid-cols-2">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="space-y-2">
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-3 w-full rounded-full" />
          </div>
        ))}
      </CardContent>
    </Card>
  );
}

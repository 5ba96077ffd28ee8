import { Droplets, Pill, Target } from 'lucide-react';
import type { ComponentType } from 'react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { formatNumber } from '@/lib/format';
import type { NutritionTargets } from '../api/types';
import { GUIDELINES, HYDRATION, SUPPLEMENTS } from '../lib/content';

function GuideCard({ title, items, icon: Icon }: { title: string; items: string[]; icon: ComponentType<{ className?: string }> }) {
  return (
    <Card className="h-full">
      <CardHeader className="flex-row items-center gap-3">
        <Icon className="h-6 w-6 shrink-0 text-accent-text" aria-hidden="true" />
        <h2 className="text-lg leading-tight font-bold">{title}</h2>
      </CardHeader>
      <CardContent>
        <ul className="list-disc space-y-2 pl-5 text-sm" data-testid={`guide-${title.split(' ')[0]?.toLowerCase()}`}>
          {items.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** The guideline bullets read from the athlete's own targets (docs/nutrition-foods.md#guidelines). */
export function targetGuidelines(t: NutritionTargets): string[] {
  return [
    `Calories: your target is ${formatNumber(t.dailyCalories)} kcal a day; your plan raises it on hard days and before a race`,
    `Protein: ${t.proteinTarget} g a day, every day, to repair and build muscle`,
    `Carbohydrates: ${t.carbsTarget} g on a normal training day; more on long or hard days, less on rest days`,
    `Fat: ${t.fatTarget} g a day from nuts, fish and avocado for steady energy`,
  ];
}

/** Guideline bullets: from the athlete's targets, or the general ones (2500-2600 kcal/day, 160-170g protein) before any are set. */
export function NutritionGuidelines({ targets }: { targets?: NutritionTargets | null }) {
  return <GuideCard title="HYROX Nutrition Guidelines" items={targets ? targetGuidelines(targets) : GUIDELINES} icon={Target} />;
}

/** Hydration strategy and key supplements lists. */
export function HydrationAndSupplements() {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <GuideCard title="Hydration Strategy" items={HYDRATION} icon={Droplets} />
      <GuideCard title="Key Supplements" items={SUPPLEMENTS} icon={Pill} />
    </div>
  );
}

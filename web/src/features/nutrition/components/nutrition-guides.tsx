import { Droplets, Pill, Target } from 'lucide-react';
import type { ComponentType } from 'react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { GUIDELINES, HYDRATION, SUPPLEMENTS } from '../lib/content';

function GuideCard({ title, items, icon: Icon }: { title: string; items: string[]; icon: ComponentType<{ className?: string }> }) {
  return (
    <Card className="h-full">
      <CardHeader className="flex-row items-center gap-3">
        <Icon className="h-6 w-6 shrink-0 text-accent-text" aria-hidden="true" />
        <h2 className="text-lg leading-tight font-bold">{title}</h2>
      </CardHeader>
      <CardContent>
        <ul className="list-disc space-y-2 pl-5 text-sm">
          {items.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** Guideline bullets (2500-2600 kcal/day, 160-170g protein). */
export function NutritionGuidelines() {
  return <GuideCard title="HYROX Nutrition Guidelines" items={GUIDELINES} icon={Target} />;
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

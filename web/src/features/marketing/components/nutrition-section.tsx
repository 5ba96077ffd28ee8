import type { ReactNode } from 'react';
import { Apple, Droplets, Flame } from 'lucide-react';
import { Section } from './section';

const POINTS = [
  { icon: Flame, title: 'Daily targets', text: 'Calories, protein, carbs and fat tracked against goals set for your training.' },
  { icon: Apple, title: 'Quick logging', text: 'Log meals in seconds with common foods and quick-add favourites.' },
  { icon: Droplets, title: 'Race-day fuel', text: 'Pre-workout, during-workout and recovery meal ideas that work.' },
];

/**
 * Home: Nutrition Tracking (id "nutrition").
 * `children` is the nutrition area's block (daily dashboard, meal cards);
 * without it the section shows static text.
 */
export function NutritionSection({ children }: { children?: ReactNode }) {
  return (
    <Section
      id="nutrition"
      eyebrow="Nutrition"
      title="Nutrition Tracking"
      intro="Fuel the work. Track what you eat and hit the targets that keep you strong through 16 rounds of running and stations."
      className="bg-muted/50"
    >
      {children ?? (
        <ul className="grid gap-6 md:grid-cols-3">
          {POINTS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border border-border bg-card p-6">
              <Icon className="h-8 w-8 text-accent-text" aria-hidden="true" />
              <h3 className="mt-4 text-lg font-bold">{title}</h3>
              <p className="mt-2 text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

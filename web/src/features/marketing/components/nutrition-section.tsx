import type { ReactNode } from 'react';
import { Section } from './section';

/**
 * Home: Nutrition Tracking (id "nutrition").
 * `children` is the nutrition area's block (daily dashboard, meal cards).
 */
export function NutritionSection({ children }: { children: ReactNode }) {
  return (
    <Section
      id="nutrition"
      eyebrow="Nutrition"
      title="Nutrition Tracking"
      intro="Fuel the work. Track what you eat and hit the targets that keep you strong through 16 rounds of running and stations."
      className="bg-muted/50"
    >
      {children}
    </Section>
  );
}

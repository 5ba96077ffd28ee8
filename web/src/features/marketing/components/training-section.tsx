import type { ReactNode } from 'react';
import { Clock, Dumbbell, TrendingUp } from 'lucide-react';
import { Section } from './section';

const POINTS = [
  { icon: Dumbbell, title: 'Plans by elite coaches', text: 'Strength, running, WOD and cardio plans built around the eight stations.' },
  { icon: Clock, title: '45-60 minute sessions', text: 'Focused sessions that fit around work, family and life.' },
  { icon: TrendingUp, title: 'Progressive', text: 'Weeks that build on each other, from your first race to a new PB.' },
];

/**
 * Home: HYROX Training Plans (id "training").
 * `children` is the training area's block (plan cards, sample workout);
 * without it the section shows static text.
 */
export function TrainingSection({ children }: { children?: ReactNode }) {
  return (
    <Section
      id="training"
      eyebrow="Training"
      title="HYROX Training Plans"
      intro="Run, ski, push, pull, jump, row, carry, lunge and throw: plans that prepare you for every part of the race."
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

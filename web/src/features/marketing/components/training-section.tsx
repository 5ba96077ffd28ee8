import type { ReactNode } from 'react';
import { Section } from './section';

/**
 * Home: HYROX Training Plans (id "training").
 * `children` is the training area's block (plan cards, sample workout).
 */
export function TrainingSection({ children }: { children: ReactNode }) {
  return (
    <Section
      id="training"
      eyebrow="Training"
      title="HYROX Training Plans"
      intro="Run, ski, push, pull, jump, row, carry, lunge and throw: plans that prepare you for every part of the race."
    >
      {children}
    </Section>
  );
}

import type { ReactNode } from 'react';
import { Section } from './section';

/**
 * Home: Join the Community (id "community").
 * `children` is the community area's block (leaderboard and posts panels).
 */
export function CommunitySection({ children }: { children: ReactNode }) {
  return (
    <Section
      id="community"
      eyebrow="Community"
      title="Join the Community"
      intro="Train alone, race together. Compare times, swap tips and celebrate every finish line with athletes from 50+ countries."
    >
      {children}
    </Section>
  );
}

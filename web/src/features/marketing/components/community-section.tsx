import type { ReactNode } from 'react';
import { MessageSquare, Trophy } from 'lucide-react';
import { Section } from './section';

const POINTS = [
  { icon: Trophy, title: 'Weekly leaderboard', text: 'See the fastest race and simulation times in your division.' },
  { icon: MessageSquare, title: 'Community feed', text: 'Share sessions, race reports and questions with 50K+ posts a month.' },
];

/**
 * Home: Join the Community (id "community").
 * `children` is the community area's block (leaderboard and posts panels);
 * without it the section shows static text.
 */
export function CommunitySection({ children }: { children?: ReactNode }) {
  return (
    <Section
      id="community"
      eyebrow="Community"
      title="Join the Community"
      intro="Train alone, race together. Compare times, swap tips and celebrate every finish line with athletes from 50+ countries."
    >
      {children ?? (
        <ul className="grid gap-6 md:grid-cols-2">
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

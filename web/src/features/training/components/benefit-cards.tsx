import { Clock, TrendingUp, Trophy } from 'lucide-react';

// source: docs/product.md#marketing-figures (45-60 minute sessions, plans by elite coaches, 95% success rate).
const BENEFITS = [
  { icon: Clock, title: 'Time-Efficient', text: 'Focused 45-60 minute sessions that fit around work and life, with every minute aimed at race day.' },
  { icon: Trophy, title: 'Proven Results', text: 'Plans by elite coaches, built on the race format and real HYROX splits. 95% of our athletes reach the finish line they train for.' },
  { icon: TrendingUp, title: 'Progressive', text: 'Each week builds on the last, with deload weeks and a taper, so you arrive fresh and faster.' },
];

export function BenefitCards() {
  return (
    <ul className="grid gap-6 md:grid-cols-3" aria-label="Why our plans work">
      {BENEFITS.map(({ icon: Icon, title, text }) => (
        <li key={title} className="rounded-xl border border-border bg-card p-6" data-testid="benefit-card">
          <Icon className="h-8 w-8 text-accent-text" aria-hidden="true" />
          <h3 className="mt-4 text-lg font-bold">{title}</h3>
          <p className="mt-2 text-sm text-muted-foreground">{text}</p>
        </li>
      ))}
    </ul>
  );
}

import { Award, CalendarCheck, Globe2, MessageSquare, Trophy } from 'lucide-react';
import { Avatar } from './avatar';

export const COMMUNITY_STATS = [
  { value: '175K+', label: 'Members' },
  { value: '50K+', label: 'Posts per month' },
  { value: '50+', label: 'Countries' },
] as const;

/** The static community statistics (docs/product.md#marketing-figures). */
export function CommunityStats() {
  return (
    <dl className="grid grid-cols-3 gap-3 sm:gap-6" data-testid="community-stats">
      {COMMUNITY_STATS.map((s) => (
        <div key={s.label} className="flex flex-col rounded-xl border border-border bg-card p-4 text-center shadow-sm sm:p-6">
          <dt className="text-xs text-muted-foreground sm:text-sm">{s.label}</dt>
          <dd className="order-first text-2xl font-black sm:text-4xl">{s.value}</dd>
        </div>
      ))}
    </dl>
  );
}

const FEATURES = [
  { icon: Trophy, title: 'Weekly Leaderboards', text: 'Compare your race and simulation times with athletes in your division every week.' },
  { icon: MessageSquare, title: 'Training Discussions', text: 'Swap sessions, pacing ideas and station technique with people who race the same format.' },
  { icon: CalendarCheck, title: 'Race Reports', text: 'Share how your race went, split by split, and learn from everyone else\u2019s.' },
  { icon: Globe2, title: 'Worldwide Network', text: 'Find training partners and race buddies in more than 50 countries.' },
] as const;

/** What the community offers. */
export function CommunityFeatures() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {FEATURES.map(({ icon: Icon, title, text }) => (
        <li key={title} className="rounded-xl border border-border bg-card p-5 shadow-sm">
          <Icon className="h-7 w-7 text-accent-text" aria-hidden="true" />
          <h3 className="mt-3 font-bold">{title}</h3>
          <p className="mt-1 text-sm text-muted-foreground">{text}</p>
        </li>
      ))}
    </ul>
  );
}

const SPOTLIGHTS = [
  {
    name: 'Maya Jensen',
    division: 'Pro Women',
    result: '1:04:38 finish',
    quote: 'Sled pushes used to break me. Twelve weeks of heavy push intervals later they are where I make up time.',
  },
  {
    name: 'Daniel Okafor',
    division: 'Open Men',
    result: '58 s Roxzone average',
    quote: 'I stopped walking the transitions. Jogging into every station took almost three minutes off my race.',
  },
  {
    name: 'Lucia Romero',
    division: 'Doubles Mixed',
    result: 'First race at 52',
    quote: 'The community kept me honest on the rainy mornings. Crossing the line with my son was worth every wall ball.',
  },
] as const;

/** Three static athlete spotlights. */
export function AthleteSpotlights() {
  return (
    <ul className="grid gap-4 md:grid-cols-3">
      {SPOTLIGHTS.map((a) => (
        <li key={a.name} className="flex flex-col rounded-xl border border-border bg-card p-5 shadow-sm">
          <div className="flex items-center gap-3">
            <Avatar name={a.name} className="h-12 w-12 text-base" />
            <div>
              <h3 className="font-bold">{a.name}</h3>
              <p className="text-sm text-muted-foreground">{a.division}</p>
            </div>
          </div>
          <p className="mt-4 flex-1 text-sm italic">&ldquo;{a.quote}&rdquo;</p>
          <p className="mt-4 flex items-center gap-2 text-sm font-semibold text-accent-text">
            <Award className="h-4 w-4" aria-hidden="true" /> {a.result}
          </p>
        </li>
      ))}
    </ul>
  );
}


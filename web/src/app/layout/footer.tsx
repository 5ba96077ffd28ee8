import { Link } from 'wouter';
import { paths } from '../paths';
import { Brand } from './brand';

const COLUMNS = [
  {
    title: 'Training',
    links: [
      { href: paths.training, label: 'Training Plans' },
      { href: paths.workoutLogs, label: 'Workout Logs' },
      { href: paths.nutrition, label: 'Nutrition' },
      { href: paths.raceStrategy, label: 'Race Strategy' },
    ],
  },
  {
    title: 'Community',
    links: [
      { href: paths.community, label: 'Community Feed' },
      { href: paths.leaderboard, label: 'Leaderboard' },
      { href: paths.blog, label: 'Weekly WODs' },
      { href: paths.analytics, label: 'Performance Analytics' },
    ],
  },
  {
    title: 'Support',
    links: [
      { href: paths.about, label: 'About HYROX' },
      { href: paths.pricing, label: 'Pricing' },
      { href: paths.subscription, label: 'Manage Subscription' },
      { href: paths.passwordReset, label: 'Reset Password' },
    ],
  },
];

export function Footer() {
  return (
    <footer className="border-t border-border bg-muted/40">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <Brand />
          <p className="mt-4 max-w-xs text-sm text-muted-foreground">
            Training plans, nutrition tracking and a community built for HYROX athletes.
          </p>
        </div>
        {COLUMNS.map((col) => (
          <nav key={col.title} aria-label={`${col.title} links`}>
            <h2 className="text-sm font-bold tracking-wider uppercase">{col.title}</h2>
            <ul className="mt-4 space-y-2">
              {col.links.map((l) => (
                <li key={l.label}>
                  <Link href={l.href} className="text-sm text-muted-foreground hover:text-foreground hover:underline">
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-border">
        <p className="mx-auto max-w-7xl px-4 py-6 text-sm text-muted-foreground">
          © {new Date().getFullYear()} HYROX Training Hub. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

import { useSyncExternalStore } from 'react';
import { Link } from 'wouter';
import { paths } from '../paths';
import { Brand } from './brand';
import { NAV_SECTIONS } from './nav';

// The Training and Racing columns are the nav's sections (nav.ts), so the
// footer never lists a page the menus do not.
const section = (id: string) => NAV_SECTIONS.find((s) => s.id === id)?.links ?? [];

const COLUMNS = [
  { title: 'Training', links: [...section('training'), { href: paths.nutrition, label: 'Nutrition' }] },
  { title: 'Racing', links: section('racing') },
  {
    title: 'Community',
    links: [
      { href: paths.community, label: 'Community Feed' },
      { href: paths.leaderboard, label: 'Leaderboard' },
      { href: paths.blog, label: 'Weekly WODs' },
    ],
  },
  {
    title: 'Support',
    links: [
      { href: paths.about, label: 'About HYROX' },
      { href: paths.story, label: 'The HYROX Story' },
      { href: paths.pricing, label: 'Pricing' },
      { href: paths.subscription, label: 'Manage Subscription' },
      { href: paths.passwordReset, label: 'Reset Password' },
    ],
  },
];

const noSubscription = () => () => {};

/**
 * This year. A prerendered page carries the year it was built in
 * (__BUILD_YEAR__): hydration starts from it, then shows this year
 * (docs/product.md#prerendered-pages).
 */
function useYear() {
  return useSyncExternalStore(
    noSubscription,
    () => new Date().getFullYear(),
    () => __BUILD_YEAR__,
  );
}

export function Footer() {
  const year = useYear();
  return (
    <footer className="border-t border-border bg-muted/40">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-5">
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
                <li key={l.href}>
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
          © {year} HYROX Training Hub. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

import { CreditCard, Receipt, User as UserIcon, Wallet } from 'lucide-react';
import { tierAllows, type Tier } from '@/lib/tiers';
import { paths } from '../paths';

// The app's information architecture (docs/product.md#navigation): one list of
// sections that the top bar, the mobile menu and the footer all render, so the
// three never disagree. A section is either one page or a group of pages.

export type NavLink = {
  href: string;
  label: string;
  /** The lowest tier that may open the page; lower tiers see a tier tag (the page itself says 'Upgrade Required'). */
  tier?: Tier;
  /** Also active on these path prefixes (for example a plan's detail page). */
  also?: readonly string[];
  /** Coaches open it whatever their tier (they write programs for their athletes). */
  coaches?: boolean;
};

export type NavSection = {
  id: string;
  label: string;
  /** Only for signed-in users, only for visitors, or only for elite members and coaches; everyone when unset. */
  audience?: 'member' | 'visitor' | 'coaching';
} & ({ href: string; tier?: Tier; links?: undefined } | { href?: undefined; links: readonly NavLink[] });

export const NAV_SECTIONS: readonly NavSection[] = [
  { id: 'home', label: 'Home', href: paths.home },
  {
    id: 'training',
    label: 'Training',
    links: [
      { href: paths.training, label: 'Plans' },
      { href: paths.calendar, label: 'Calendar' },
      { href: paths.workoutLogs, label: 'Logs' },
      { href: paths.imports, label: 'Import' },
      { href: paths.exercises, label: 'Exercise library' },
      { href: paths.programs, label: 'Programs', tier: 'elite', coaches: true },
    ],
  },
  { id: 'nutrition', label: 'Nutrition', href: paths.nutrition, tier: 'pro' },
  {
    id: 'racing',
    label: 'Racing',
    links: [
      { href: paths.raceResults, label: 'Results' },
      { href: paths.analytics, label: 'Analytics', tier: 'pro' },
      { href: paths.leaderboard, label: 'Leaderboard' },
      { href: paths.raceStrategy, label: 'Strategy', tier: 'elite' },
    ],
  },
  { id: 'community', label: 'Community', href: paths.community },
  { id: 'blog', label: 'Blog', href: paths.blog },
  { id: 'coaching', label: 'Coaching', href: paths.coaching, audience: 'coaching' },
  { id: 'about', label: 'About', href: paths.about, audience: 'visitor' },
  { id: 'pricing', label: 'Pricing', href: paths.pricing, audience: 'visitor' },
];

/** Where 'Start Training' sends a visitor: the Sign Up tab. */
export const SIGN_UP_HREF = `${paths.auth}?tab=signup`;

/** The account pages, the same in the user menu and the mobile menu. */
export const ACCOUNT_LINKS = [
  { href: paths.profile, label: 'Profile', icon: UserIcon },
  { href: paths.pricing, label: 'Subscription', icon: CreditCard },
  { href: paths.paymentMethods, label: 'Payment Methods', icon: Wallet },
  { href: paths.billingHistory, label: 'Billing History', icon: Receipt },
] as const;

/** Extra path prefixes that belong to a link (detail pages under another path). */
const ALSO: Record<string, readonly string[]> = {
  [paths.training]: ['/training/'],
  [paths.workoutLogs]: ['/workout-logs/'],
  [paths.exercises]: ['/exercises/'],
  [paths.programs]: ['/programs/'],
  [paths.community]: ['/community/'],
  [paths.blog]: ['/blog/'],
  [paths.calendar]: ['/workouts/'],
  [paths.coaching]: [paths.coach],
};

/** True when the page at `location` is `href` or one of its sub-pages. */
export function linkActive(location: string, href: string): boolean {
  if (href === paths.home) return location === paths.home;
  if (location === href) return true;
  return (ALSO[href] ?? []).some((prefix) => location.startsWith(prefix));
}

/** True when the page at `location` belongs to the section. */
export function sectionActive(location: string, section: NavSection): boolean {
  if (section.links) return section.links.some((l) => linkActive(location, l.href));
  return linkActive(location, section.href);
}

/** Who is looking: nobody (a visitor), or a member with a tier and a role. */
export type Viewer = { subscriptionTier: string; role?: string } | null | undefined;

/** The sections this visitor or member sees; Coaching only elite members and coaches. */
export function visibleSections(viewer: Viewer): NavSection[] {
  return NAV_SECTIONS.filter((s) => {
    if (!s.audience) return true;
    if (s.audience === 'visitor') return !viewer;
    if (!viewer) return false;
    return s.audience === 'member' || viewer.role === 'coach' || tierAllows(viewer.subscriptionTier, 'elite');
  });
}

/** The tier tag to show beside a link ('Pro', 'Elite'), or null when the user may open it. */
export function tierTag(tier: Tier | undefined, userTier: string | null | undefined): string | null {
  if (!tier || tier === 'basic') return null;
  if (userTier && tierAllows(userTier, tier)) return null;
  return tier === 'pro' ? 'Pro' : 'Elite';
}

/** A link's tier tag for this viewer: none for a coach on a page coaches open. */
export function linkTag(link: Pick<NavLink, 'tier' | 'coaches'>, viewer: Viewer): string | null {
  if (link.coaches && viewer?.role === 'coach') return null;
  return tierTag(link.tier, viewer?.subscriptionTier);
}

import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { ChevronDown, LogOut, Menu, X } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { usePageShown } from '@/lib/page-shown';
import { useHydrated } from '@/lib/use-hydrated';
import { useSessionUser } from '@/lib/session';
import { useLogout } from '@/features/auth/api/logout';
import { useUnread } from '@/features/coaching/api/coaching';
import { cn } from '@/lib/cn';
import { paths } from '../paths';
import { Brand } from './brand';
import {
  ACCOUNT_LINKS,
  linkActive,
  linkTag,
  sectionActive,
  SIGN_UP_HREF,
  tierTag,
  visibleSections,
  type NavLink,
  type NavSection,
  type Viewer,
} from './nav';
import { ThemeToggle } from './theme-toggle';
import { UserBadge } from './user-badge';

// The dropdown (Radix menu + popper) loads only for signed-in users, keeping
// it out of the landing page's initial JS.
const UserMenu = lazy(() => import('./user-menu'));

/** Unread counts shown beside a section's label, by section id. */
type Counts = Partial<Record<string, number>>;

/** The section's accessible name: "Coaching, 2 unread" when it has unread messages. */
function sectionName(s: NavSection, counts: Counts): string | undefined {
  const n = counts[s.id] ?? 0;
  return n > 0 ? `${s.label}, ${n} unread` : undefined;
}

/** A small count beside a label (its number is in the link's accessible name). */
function UnreadBadge({ count }: { count: number | undefined }) {
  if (!count) return null;
  return (
    <Badge variant="primary" aria-hidden="true" data-testid="unread-badge" className="ml-1.5 min-w-[1.25rem] justify-center px-1.5 text-[0.7rem] leading-none">
      {count > 99 ? '99+' : count}
    </Badge>
  );
}

function TierTag({ tag }: { tag: string | null }) {
  if (!tag) return null;
  return (
    <span className="ml-auto rounded-full border border-border px-1.5 py-0.5 text-[0.7rem] leading-none font-semibold text-muted-foreground">
      {tag}
    </span>
  );
}

export function TopBar() {
  const [location] = useLocation();
  const { data: user, isPending } = useSessionUser();
  const pageShown = usePageShown();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const close = () => setOpen(false);
  // Until the session is known (the signed-in shell, docs/product.md#the-signed-in-shell)
  // neither a member's links nor a visitor's Login show.
  const sections = isPending ? [] : visibleSections(user);
  // The Coaching section (elite members and coaches only) shows the unread count.
  const { data: unread } = useUnread(sections.some((s) => s.id === 'coaching'));
  const counts: Counts = { coaching: unread?.unread };

  // Navigation closes the mobile menu: adjusted while rendering the new
  // location (no effect, no render with a stale open menu); Escape closes it too.
  const [menuLocation, setMenuLocation] = useState(location);
  if (menuLocation !== location) {
    setMenuLocation(location);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-border bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4">
        <Brand onNavigate={close} compact />

        <nav aria-label="Main" className="hidden flex-1 items-center justify-center gap-0.5 lg:flex" data-testid="main-nav">
          {sections.map((s) =>
            s.links ? (
              <NavGroup key={s.id} section={s} location={location} viewer={user} />
            ) : (
              <Link
                key={s.id}
                href={s.href}
                aria-current={sectionActive(location, s) ? 'page' : undefined}
                aria-label={sectionName(s, counts)}
                className={cn(
                  'inline-flex items-center rounded-md px-2 py-2 text-sm font-medium whitespace-nowrap hover:bg-muted xl:px-3',
                  sectionActive(location, s) ? 'text-foreground underline decoration-primary decoration-2 underline-offset-8' : 'text-muted-foreground hover:text-foreground',
                )}
              >
                {s.label}
                <UnreadBadge count={counts[s.id]} />
              </Link>
            ),
          )}
        </nav>

        <div className="ml-auto flex items-center gap-2 lg:ml-0">
          <ThemeToggle />
          <div className="hidden items-center gap-2 lg:flex">
            {isPending ? null : user ? (
              // The badge until the page is on screen, then the menu's chunk (lib/page-shown.ts).
              pageShown ? (
                <Suspense fallback={<UserBadge user={user} />}>
                  <UserMenu user={user} />
                </Suspense>
              ) : (
                <UserBadge user={user} />
              )
            ) : (
              <>
                <Button asChild variant="ghost" size="sm">
                  <Link href={paths.auth}>Login</Link>
                </Button>
                <Button asChild size="sm">
                  <Link href={SIGN_UP_HREF}>Start Training</Link>
                </Button>
              </>
            )}
          </div>
          <Button
            variant="ghost"
            size="icon"
            className="lg:hidden"
            aria-expanded={open}
            aria-controls={menuId}
            aria-label={open ? 'Close menu' : 'Open menu'}
            // Disabled in the HTML the build renders: it works once the script owns the page.
            disabled={!hydrated}
            data-testid="mobile-menu-button"
            onClick={() => setOpen((o) => !o)}
          >
            {open ? <X className="h-6 w-6" aria-hidden="true" /> : <Menu className="h-6 w-6" aria-hidden="true" />}
          </Button>
        </div>
      </div>

      {open && <MobileMenu id={menuId} location={location} sections={sections} counts={counts} onNavigate={close} />}
    </header>
  );
}

/**
 * A section with several pages on the desktop bar: a disclosure button (WAI-ARIA
 * disclosure navigation) opening a list of links. Closes on Escape (focus back
 * on the button), a click elsewhere, focus leaving it, or navigation.
 */
function NavGroup({ section, location, viewer }: { section: NavSection & { links: readonly NavLink[] }; location: string; viewer: Viewer }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const active = sectionActive(location, section);

  const [seen, setSeen] = useState(location);
  if (seen !== location) {
    setSeen(location);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div
      ref={root}
      className="relative"
      onBlur={(e) => {
        if (!root.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-current={active ? 'true' : undefined}
        data-testid={`nav-${section.id}`}
        onClick={() => setOpen((o) => !o)}
        className={cn(
          'flex items-center gap-1 rounded-md px-2 py-2 text-sm font-medium whitespace-nowrap hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring xl:px-3',
          active ? 'text-foreground underline decoration-primary decoration-2 underline-offset-8' : 'text-muted-foreground hover:text-foreground',
        )}
      >
        {section.label}
        <ChevronDown className={cn('h-4 w-4 transition-transform', open && 'rotate-180')} aria-hidden="true" />
      </button>
      <ul
        id={panelId}
        hidden={!open}
        className="absolute top-full left-0 z-50 mt-2 min-w-[13rem] rounded-lg border border-border bg-card p-1 text-card-foreground shadow-lg"
      >
        {section.links.map((l) => {
          const current = linkActive(location, l.href);
          return (
            <li key={l.href}>
              <Link
                href={l.href}
                aria-current={current ? 'page' : undefined}
                onClick={() => setOpen(false)}
                className={cn('flex items-center gap-3 rounded-md px-3 py-2 text-sm hover:bg-muted', current && 'bg-muted font-semibold')}
              >
                {l.label}
                <TierTag tag={linkTag(l, viewer)} />
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function MobileMenu({
  id,
  location,
  sections,
  counts,
  onNavigate,
}: {
  id: string;
  location: string;
  sections: NavSection[];
  counts: Counts;
  onNavigate: () => void;
}) {
  const { data: user } = useSessionUser();
  const logout = useLogout();
  const linkClass = 'flex items-center gap-2 rounded-md px-3 py-3 text-base font-medium hover:bg-muted';
  const subLinkClass = 'flex items-center gap-2 rounded-md py-2.5 pr-3 pl-6 text-base hover:bg-muted';
  return (
    <div
      id={id}
      data-testid="mobile-menu"
      // pb-36 lets the last item scroll above a notification at the bottom of the screen.
      className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-border bg-background px-4 pb-36 lg:hidden"
    >
      {/* The account comes first: a notification at the bottom of the screen never covers Logout. */}
      <div className="border-b border-border py-3">
        {user ? (
          <div className="flex flex-col gap-1">
            <div className="flex items-center justify-between gap-2 px-3 pb-1">
              <UserBadge user={user} />
              <button
                type="button"
                className="flex items-center gap-2 rounded-md px-3 py-2 text-base font-medium hover:bg-muted disabled:opacity-50"
                disabled={logout.isPending}
                onClick={() => logout.mutate(undefined, { onSuccess: onNavigate })}
              >
                <LogOut className="h-5 w-5" aria-hidden="true" /> {logout.isPending ? 'Logging out...' : 'Logout'}
              </button>
            </div>
          </div>
        ) : (
          <div className="flex flex-col gap-2">
            <Button asChild variant="outline" size="lg">
              <Link href={paths.auth} onClick={onNavigate}>
                Login
              </Link>
            </Button>
            <Button asChild size="lg">
              <Link href={SIGN_UP_HREF} onClick={onNavigate}>
                Start Training
              </Link>
            </Button>
          </div>
        )}
      </div>
      <nav aria-label="Mobile" className="flex flex-col py-2">
        {sections.map((s) =>
          s.links ? (
            <MobileGroup key={s.id} section={s} location={location} viewer={user} linkClass={subLinkClass} onNavigate={onNavigate} />
          ) : (
            <Link
              key={s.id}
              href={s.href}
              onClick={onNavigate}
              aria-current={sectionActive(location, s) ? 'page' : undefined}
              aria-label={sectionName(s, counts)}
              className={cn(linkClass, sectionActive(location, s) && 'bg-muted')}
            >
              {s.label}
              <UnreadBadge count={counts[s.id]} />
              <TierTag tag={tierTag(s.tier, user?.subscriptionTier)} />
            </Link>
          ),
        )}
      </nav>
      {user && (
        <nav aria-label="Account" className="flex flex-col border-t border-border py-2">
          {ACCOUNT_LINKS.map(({ href, label, icon: Icon }) => (
            <Link key={href} href={href} onClick={onNavigate} aria-current={location === href ? 'page' : undefined} className={cn(linkClass, location === href && 'bg-muted')}>
              <Icon className="h-5 w-5" aria-hidden="true" /> {label}
            </Link>
          ))}
        </nav>
      )}
    </div>
  );
}

function MobileGroup({
  section,
  location,
  viewer,
  linkClass,
  onNavigate,
}: {
  section: NavSection & { links: readonly NavLink[] };
  location: string;
  viewer: Viewer;
  linkClass: string;
  onNavigate: () => void;
}) {
  const headingId = useId();
  const active = sectionActive(location, section);
  return (
    <div className="py-1">
      <p id={headingId} aria-current={active ? 'true' : undefined} className={cn('px-3 pt-2 pb-1 text-sm font-bold tracking-wider text-muted-foreground uppercase', active && 'text-foreground')}>
        {section.label}
      </p>
      <ul aria-labelledby={headingId}>
        {section.links.map((l) => {
          const current = linkActive(location, l.href);
          return (
            <li key={l.href}>
              <Link href={l.href} onClick={onNavigate} aria-current={current ? 'page' : undefined} className={cn(linkClass, current && 'bg-muted font-semibold')}>
                {l.label}
                <TierTag tag={linkTag(l, viewer)} />
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

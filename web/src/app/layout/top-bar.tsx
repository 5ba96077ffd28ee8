import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { LayoutDashboard, LogOut, Menu, User as UserIcon, CreditCard, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useUser } from '@/features/auth/api/get-user';
import { useLogout } from '@/features/auth/api/logout';
import { cn } from '@/lib/cn';
import { paths } from '../paths';
import { Brand } from './brand';
import { NAV_LINKS } from './nav';
import { ThemeToggle } from './theme-toggle';
import { UserBadge } from './user-badge';

// The dropdown (Radix menu + popper) loads only for signed-in users, keeping
// it out of the landing page's initial JS.
const UserMenu = lazy(() => import('./user-menu'));

function isActive(location: string, href: string) {
  return location === href || location.startsWith(href + '/');
}

export function TopBar() {
  const [location] = useLocation();
  const { data: user } = useUser();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const close = () => setOpen(false);

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
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4">
        <Brand onNavigate={close} />

        <nav aria-label="Main" className="hidden flex-1 items-center justify-center gap-1 lg:flex">
          {NAV_LINKS.map((l) => (
            <Link
              key={l.href}
              href={l.href}
              aria-current={isActive(location, l.href) ? 'page' : undefined}
              className={cn(
                'rounded-md px-2 py-2 text-sm font-medium whitespace-nowrap hover:bg-muted xl:px-3',
                isActive(location, l.href) ? 'text-foreground underline decoration-primary decoration-2 underline-offset-8' : 'text-muted-foreground hover:text-foreground',
              )}
            >
              {l.label}
            </Link>
          ))}
        </nav>

        <div className="ml-auto flex items-center gap-2 lg:ml-0">
          <ThemeToggle />
          <div className="hidden items-center gap-2 lg:flex">
            {user ? (
              <>
                <Button asChild variant="outline" size="sm">
                  <Link href={paths.workoutLogs}>
                    <LayoutDashboard className="h-4 w-4" aria-hidden="true" /> Dashboard
                  </Link>
                </Button>
                <Suspense fallback={<UserBadge user={user} />}>
                  <UserMenu user={user} />
                </Suspense>
              </>
            ) : (
              <>
                <Button asChild variant="ghost" size="sm">
                  <Link href={paths.auth}>Login</Link>
                </Button>
                <Button asChild size="sm">
                  <Link href={paths.auth}>Start Training</Link>
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
            data-testid="mobile-menu-button"
            onClick={() => setOpen((o) => !o)}
          >
            {open ? <X className="h-6 w-6" aria-hidden="true" /> : <Menu className="h-6 w-6" aria-hidden="true" />}
          </Button>
        </div>
      </div>

      {open && <MobileMenu id={menuId} location={location} onNavigate={close} />}
    </header>
  );
}

function MobileMenu({ id, location, onNavigate }: { id: string; location: string; onNavigate: () => void }) {
  const { data: user } = useUser();
  const logout = useLogout();
  const linkClass = 'flex items-center gap-2 rounded-md px-3 py-3 text-base font-medium hover:bg-muted';
  return (
    <div
      id={id}
      data-testid="mobile-menu"
      className="max-h-[calc(100vh-4rem)] overflow-y-auto border-t border-border bg-background px-4 pb-6 lg:hidden"
    >
      <nav aria-label="Mobile" className="flex flex-col py-2">
        {NAV_LINKS.map((l) => (
          <Link
            key={l.href}
            href={l.href}
            onClick={onNavigate}
            aria-current={isActive(location, l.href) ? 'page' : undefined}
            className={cn(linkClass, isActive(location, l.href) && 'bg-muted')}
          >
            {l.label}
          </Link>
        ))}
      </nav>
      <div className="border-t border-border pt-4">
        {user ? (
          <div className="flex flex-col gap-1">
            <div className="px-3 pb-2">
              <UserBadge user={user} />
            </div>
            <Link href={paths.workoutLogs} onClick={onNavigate} className={linkClass}>
              <LayoutDashboard className="h-5 w-5" aria-hidden="true" /> Dashboard
            </Link>
            <Link href={paths.profile} onClick={onNavigate} className={linkClass}>
              <UserIcon className="h-5 w-5" aria-hidden="true" /> Profile
            </Link>
            <Link href={paths.pricing} onClick={onNavigate} className={linkClass}>
              <CreditCard className="h-5 w-5" aria-hidden="true" /> Subscription
            </Link>
            <button
              type="button"
              className={cn(linkClass, 'w-full text-left disabled:opacity-50')}
              disabled={logout.isPending}
              onClick={() => logout.mutate(undefined, { onSuccess: onNavigate })}
            >
              <LogOut className="h-5 w-5" aria-hidden="true" /> {logout.isPending ? 'Logging out...' : 'Logout'}
            </button>
          </div>
        ) : (
          <div className="flex flex-col gap-2">
            <Button asChild variant="outline" size="lg">
              <Link href={paths.auth} onClick={onNavigate}>
                Login
              </Link>
            </Button>
            <Button asChild size="lg">
              <Link href={paths.auth} onClick={onNavigate}>
                Start Training
              </Link>
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}

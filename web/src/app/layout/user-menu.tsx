import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, LogOut } from 'lucide-react';
import { Link } from 'wouter';
import type { User } from '@/lib/session';
import { useLogout } from '@/features/auth/api/logout';
import { memberLabel } from '@/lib/tiers';
import { UserBadge } from './user-badge';
import { ACCOUNT_LINKS } from './nav';

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm outline-none select-none data-[disabled]:pointer-events-none data-[disabled]:opacity-50 data-[highlighted]:bg-muted';

/** The account menu: the same account pages as the mobile menu (nav.ts ACCOUNT_LINKS), then Logout. */
export default function UserMenu({ user }: { user: User }) {
  const logout = useLogout();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className="flex items-center gap-2 rounded-md px-2 py-1 hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
        aria-label={`Account menu for ${user.username}`}
        data-testid="user-menu"
      >
        <UserBadge user={user} />
        <ChevronDown className="h-4 w-4" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-[12rem] rounded-lg border border-border bg-card p-1 text-card-foreground shadow-lg"
        >
          <DropdownMenu.Label className="px-3 py-2 text-xs text-muted-foreground">{memberLabel(user)}</DropdownMenu.Label>
          {ACCOUNT_LINKS.map(({ href, label, icon: Icon }) => (
            <DropdownMenu.Item key={href} asChild className={itemClass}>
              <Link href={href}>
                <Icon className="h-4 w-4" aria-hidden="true" /> {label}
              </Link>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item
            className={itemClass}
            disabled={logout.isPending}
            onSelect={(event) => {
              event.preventDefault(); // keep the menu open to show 'Logging out...'
              logout.mutate();
            }}
          >
            <LogOut className="h-4 w-4" aria-hidden="true" /> {logout.isPending ? 'Logging out...' : 'Logout'}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

import { Crown } from 'lucide-react';
import type { User } from '@/lib/session';
import { memberLabel, tierRank } from '@/lib/tiers';

/** Shows the username, a crown for non-basic tiers and the plan label ("Coach" for a coach). */
export function UserBadge({ user }: { user: User }) {
  const paid = tierRank(user.subscriptionTier) > 1;
  return (
    <span className="flex items-center gap-2">
      {paid && <Crown className="h-4 w-4 text-accent-text" aria-hidden="true" />}
      <span className="flex flex-col items-start leading-tight">
        <span className="max-w-[10rem] truncate font-semibold">{user.username}</span>
        <span className="text-xs text-muted-foreground">{memberLabel(user)}</span>
      </span>
    </span>
  );
}


import type { ReactNode } from 'react';
import { Trophy } from 'lucide-react';

/**
 * Where the racing area's weekly leaderboard block goes (src/app passes it
 * in; features do not import each other). Without one it shows the empty
 * text of docs/product.md#racing.
 */
export function LeaderboardSlot({ children }: { children?: ReactNode }) {
  if (children) return <>{children}</>;
  return (
    <section aria-labelledby="weekly-leaderboard-heading" className="rounded-xl border border-border bg-card p-5 shadow-sm">
      <h3 id="weekly-leaderboard-heading" className="flex items-center gap-2 text-lg font-bold">
        <Trophy className="h-5 w-5 text-accent-text" aria-hidden="true" /> Weekly Leaderboard
      </h3>
      <p className="mt-6 py-6 text-center text-muted-foreground">No leaderboard data available</p>
    </section>
  );
}

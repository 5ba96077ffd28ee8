import type { ReactNode } from 'react';
import { CommunityFeedBlock } from './community-feed-block';
import { LeaderboardSlot } from './leaderboard-slot';

/** Home's Join the Community section body: leaderboard panel and posts panel. */
export function HomeCommunityBlock({ leaderboard }: { leaderboard?: ReactNode }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <LeaderboardSlot>{leaderboard}</LeaderboardSlot>
      <CommunityFeedBlock />
    </div>
  );
}

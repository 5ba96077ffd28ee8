import CommunityPage from '@/features/community/pages/community-page';
import { WeeklyLeaderboard } from '@/features/racing/components/weekly-leaderboard';
import { paths } from '../paths';

// Composes /community with the racing area's weekly leaderboard block.
export default function CommunityRoute() {
  return <CommunityPage leaderboardBlock={<WeeklyLeaderboard leaderboardPath={paths.leaderboard} />} />;
}

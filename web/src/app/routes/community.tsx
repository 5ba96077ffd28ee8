import { AskACoach } from '@/features/coaching/components/ask-a-coach';
import CommunityPage from '@/features/community/pages/community-page';
import { WeeklyLeaderboard } from '@/features/racing/components/weekly-leaderboard';
import { paths } from '../paths';

// Composes /community with the racing area's weekly leaderboard block and the
// coaching area's Ask a Coach section.
export default function CommunityRoute() {
  return <CommunityPage leaderboardBlock={<WeeklyLeaderboard leaderboardPath={paths.leaderboard} />} askCoachBlock={<AskACoach />} />;
}

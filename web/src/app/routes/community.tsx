import CommunityPage from '@/features/community/pages/community-page';

// Composes /community. The racing area's weekly leaderboard block goes in
// leaderboardBlock (e.g. <WeeklyLeaderboardBlock /> from
// '@/features/racing/components/...'); until then the page shows
// 'No leaderboard data available'.
export default function CommunityRoute() {
  return <CommunityPage />;
}

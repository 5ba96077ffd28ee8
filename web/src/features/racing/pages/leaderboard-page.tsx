import { ComingSoon } from '@/components/layout/coming-soon';

// Placeholder: the racing engineer replaces this page.
export default function LeaderboardPage() {
  return <ComingSoon title="Leaderboard" />;
}

import HomePage from '@/features/marketing/pages/home-page';
import { WeeklyLeaderboard } from '@/features/racing/components/weekly-leaderboard';
import { paths } from '../paths';

// Composes the landing page from the areas' blocks. Area engineers: pass your
// block here, e.g. trainingBlock={<HomeTrainingBlock />} from
// '@/features/training/components/home-training-block'.
export default function HomeRoute() {
  return (
    <HomePage
      communityBlock={
        <div className="grid gap-6 md:grid-cols-2">
          <WeeklyLeaderboard leaderboardPath={paths.leaderboard} />
        </div>
      }
    />
  );
}

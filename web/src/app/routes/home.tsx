import { HomeCommunityBlock } from '@/features/community/components/home-community-block';
import HomePage from '@/features/marketing/pages/home-page';
import { HomeNutritionBlock } from '@/features/nutrition/components/home-nutrition-block';
import { WeeklyLeaderboard } from '@/features/racing/components/weekly-leaderboard';
import { HomeTrainingBlock } from '@/features/training/components/home-training-block';
import { paths } from '../paths';

// Composes the landing page from the areas' blocks (features do not import
// each other; src/app does).
export default function HomeRoute() {
  return (
    <HomePage
      trainingBlock={<HomeTrainingBlock />}
      nutritionBlock={<HomeNutritionBlock />}
      communityBlock={<HomeCommunityBlock leaderboard={<WeeklyLeaderboard leaderboardPath={paths.leaderboard} />} />}
    />
  );
}

import { HomeCommunityBlock } from '@/features/community/components/home-community-block';
import HomePage from '@/features/marketing/pages/home-page';
import { HomeNutritionBlock } from '@/features/nutrition/components/home-nutrition-block';
import { WeeklyLeaderboard } from '@/features/racing/components/weekly-leaderboard';
import { HomeTrainingBlock } from '@/features/training/components/home-training-block';
import { paths } from '../paths';

/** The landing page a visitor gets at / (prerendered), with the areas' blocks. */
export default function VisitorHome() {
  return (
    <HomePage
      trainingBlock={<HomeTrainingBlock />}
      nutritionBlock={<HomeNutritionBlock />}
      communityBlock={<HomeCommunityBlock leaderboard={<WeeklyLeaderboard leaderboardPath={paths.leaderboard} />} />}
    />
  );
}

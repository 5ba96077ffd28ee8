import { HomeCommunityBlock } from '@/features/community/components/home-community-block';
import { HomeNutritionBlock } from '@/features/nutrition/components/home-nutrition-block';
import HomePage from '@/features/marketing/pages/home-page';
import { HomeTrainingBlock } from '@/features/training/components/home-training-block';

// Composes the landing page from the areas' blocks (features do not import
// each other; src/app does). The racing area's weekly leaderboard block goes in
// HomeCommunityBlock's `leaderboard` prop.
export default function HomeRoute() {
  return (
    <HomePage
      trainingBlock={<HomeTrainingBlock />}
      nutritionBlock={<HomeNutritionBlock />}
      communityBlock={<HomeCommunityBlock />}
    />
  );
}

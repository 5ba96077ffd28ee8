import type { ReactNode } from 'react';
import { AboutSection } from '../components/about-section';
import { CommunitySection } from '../components/community-section';
import { ExploreMoreSection } from '../components/explore-more-section';
import { Hero } from '../components/hero';
import { NutritionSection } from '../components/nutrition-section';
import { TrainingSection } from '../components/training-section';

/**
 * The landing page. The area blocks come from src/app/routes/home.tsx
 * (features do not import each other).
 */
export default function HomePage({
  trainingBlock,
  nutritionBlock,
  communityBlock,
}: {
  trainingBlock: ReactNode;
  nutritionBlock: ReactNode;
  communityBlock: ReactNode;
}) {
  return (
    <>
      <Hero />
      <TrainingSection>{trainingBlock}</TrainingSection>
      <NutritionSection>{nutritionBlock}</NutritionSection>
      <CommunitySection>{communityBlock}</CommunitySection>
      <AboutSection />
      <ExploreMoreSection />
    </>
  );
}

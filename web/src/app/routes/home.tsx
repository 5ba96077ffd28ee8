import HomePage from '@/features/marketing/pages/home-page';

// Composes the landing page from the areas' blocks. Area engineers: pass your
// block here, e.g. trainingBlock={<HomeTrainingBlock />} from
// '@/features/training/components/home-training-block'.
export default function HomeRoute() {
  return <HomePage />;
}

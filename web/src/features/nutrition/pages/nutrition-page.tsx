import { ComingSoon } from '@/components/layout/coming-soon';

// Placeholder: the nutrition engineer replaces this page.
export default function NutritionPage() {
  return <ComingSoon title="Nutrition Tracking" />;
}

import { ComingSoon } from '@/components/layout/coming-soon';

// Placeholder: the training engineer replaces this page.
export default function TrainingPlanPage() {
  return <ComingSoon title="Training Plan" />;
}

import { ComingSoon } from '@/components/layout/coming-soon';

// Placeholder: the training engineer replaces this page.
export default function WorkoutLogsPage() {
  return <ComingSoon title="My Workouts" />;
}

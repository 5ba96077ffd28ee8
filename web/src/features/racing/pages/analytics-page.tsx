import { ComingSoon } from '@/components/layout/coming-soon';

// Placeholder: the racing engineer replaces this page.
export default function AnalyticsPage() {
  return <ComingSoon title="Performance Analytics" />;
}

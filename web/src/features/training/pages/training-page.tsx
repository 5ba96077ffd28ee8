import { ComingSoon } from '@/components/layout/coming-soon';

// Placeholder: the training engineer replaces this page.
export default function TrainingPage() {
  return <ComingSoon title="HYROX Training Plans" />;
}

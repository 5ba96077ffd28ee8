import { ComingSoon } from '@/components/layout/coming-soon';

// Placeholder: the billing engineer replaces this page.
export default function BillingHistoryPage() {
  return <ComingSoon title="Billing History" />;
}

import { ComingSoon } from '@/components/layout/coming-soon';

// Placeholder: the billing engineer replaces this page.
export default function PaymentMethodsPage() {
  return <ComingSoon title="Payment Methods" />;
}

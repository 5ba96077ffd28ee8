import { ComingSoon } from '@/components/layout/coming-soon';

// Placeholder: the auth engineer replaces this page.
export default function PasswordResetPage() {
  return <ComingSoon title="Reset Your Password" />;
}

import { ComingSoon } from '@/components/layout/coming-soon';

// Placeholder: the community engineer replaces this page.
export default function CommunityPage() {
  return <ComingSoon title="Join the Community" />;
}

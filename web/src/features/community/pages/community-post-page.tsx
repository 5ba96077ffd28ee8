import { ComingSoon } from '@/components/layout/coming-soon';

// Placeholder: the community engineer replaces this page.
export default function CommunityPostPage() {
  return <ComingSoon title="Community Post" />;
}

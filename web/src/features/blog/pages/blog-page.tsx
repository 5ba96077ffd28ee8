import { ComingSoon } from '@/components/layout/coming-soon';

// Placeholder: the blog engineer replaces this page.
export default function BlogPage() {
  return <ComingSoon title="Training Blog" />;
}

import { Link, useLocation, useParams } from 'wouter';
import { ArrowLeft } from 'lucide-react';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { QueryState } from '@/components/ui/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useSessionUser } from '@/lib/session';
import { usePost } from '../api/get-post';
import { PostCard } from '../components/post-card';

/** /community/posts/:id: one post with its comments open (the share permalink). */
export default function CommunityPostPage() {
  const params = useParams<{ id: string }>();
  const id = Number(params.id);
  const user = useSessionUser();
  const [, navigate] = useLocation();
  const post = usePost(id);
  const missing = !Number.isInteger(id) || id <= 0 || (post.error instanceof ApiError && post.error.status === 404);

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <Button asChild variant="link" className="px-0">
        <Link href={paths.community}>
          <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to Community
        </Link>
      </Button>
      <PageHeader title="Community Post" className="mt-4" />
      <div className="mt-6">
        {missing ? (
          <p className="rounded-xl border border-border p-8 text-center text-muted-foreground">
            This post does not exist or was deleted.
          </p>
        ) : (
          <QueryState
            query={post}
            pending={
              <div role="status" aria-label="Loading post">
                <Skeleton className="h-40 w-full" />
              </div>
            }
            error={(err) => (
              <p role="alert" className="rounded-xl border border-border p-8 text-center text-destructive">
                {errorMessage(err)}
              </p>
            )}
          >
            {(data) => (
              <PostCard post={data} viewerId={user.data?.id} defaultCommentsOpen headingLevel={2} onDeleted={() => navigate(paths.community)} />
            )}
          </QueryState>
        )}
      </div>
    </div>
  );
}

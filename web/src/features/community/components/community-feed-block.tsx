import { Link } from 'wouter';
import { MessagesSquare } from 'lucide-react';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { QueryState } from '@/components/ui/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useSessionUser } from '@/lib/session';
import { usePosts } from '../api/get-posts';
import { PostCard } from './post-card';

export const FEED_BLOCK_POSTS = 2;

/**
 * The reusable feed block (docs/product.md#community): the first 2 posts with like,
 * comment and share, and a Join Discussion button. `onJoin` replaces the
 * button's link (the community page scrolls to its composer instead).
 */
export function CommunityFeedBlock({ onJoin }: { onJoin?: () => void }) {
  const user = useSessionUser();
  const signedIn = !!user.data;
  const posts = usePosts({ enabled: signedIn });
  const items = posts.data?.pages[0]?.items.slice(0, FEED_BLOCK_POSTS) ?? [];

  return (
    <section aria-labelledby="community-feed-heading" className="rounded-xl border border-border bg-card p-5 shadow-sm">
      <h3 id="community-feed-heading" className="flex items-center gap-2 text-lg font-bold">
        <MessagesSquare className="h-5 w-5 text-accent-text" aria-hidden="true" /> Community Feed
      </h3>
      <div className="mt-4 space-y-4">
        {!signedIn ? (
          <p className="py-4 text-center text-muted-foreground">
            {user.isPending ? 'Loading...' : 'Sign in to read and join the latest discussions.'}
          </p>
        ) : (
          <QueryState
            query={posts}
            pending={
              <div className="space-y-4" role="status" aria-label="Loading posts">
                {Array.from({ length: FEED_BLOCK_POSTS }, (_, i) => (
                  <Skeleton key={i} className="h-32 w-full" />
                ))}
              </div>
            }
            error={(err) => (
              <p role="alert" className="py-4 text-center text-destructive">
                {errorMessage(err)}
              </p>
            )}
            isEmpty={() => items.length === 0}
            empty={<p className="py-6 text-center text-muted-foreground">No community posts available</p>}
          >
            {() => items.map((p) => <PostCard key={p.id} post={p} viewerId={user.data?.id} headingLevel={4} />)}
          </QueryState>
        )}
      </div>
      <div className="mt-4">
        {onJoin && signedIn ? (
          <Button className="w-full" onClick={onJoin}>
            Join Discussion
          </Button>
        ) : (
          <Button asChild className="w-full">
            <Link href={signedIn ? `${paths.community}#discussion` : paths.auth}>Join Discussion</Link>
          </Button>
        )}
      </div>
    </section>
  );
}

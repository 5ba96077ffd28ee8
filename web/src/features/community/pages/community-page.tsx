import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { useQuery } from '@tanstack/react-query';
import { Crown, Users } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { userQueryOptions } from '@/lib/session';
import { tierAllows } from '@/lib/tiers';
import type { Channel } from '../api/types';
import { usePosts } from '../api/get-posts';
import { CommunityFeedBlock } from '../components/community-feed-block';
import { AthleteSpotlights, CommunityFeatures, CommunityStats } from '../components/community-static';
import { LeaderboardSlot } from '../components/leaderboard-slot';
import { COMPOSER_ID, PostComposer } from '../components/post-composer';
import { PostCard } from '../components/post-card';

/** Scrolls to the discussion and puts the cursor in the composer. */
function joinDiscussion() {
  document.getElementById('discussion')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  document.getElementById(COMPOSER_ID)?.focus({ preventScroll: true });
}

function PostsList({ viewerId, channel }: { viewerId?: number; channel: Channel }) {
  const posts = usePosts({ channel });
  const items = posts.data?.pages.flatMap((p) => p.items) ?? [];
  if (posts.isPending) {
    return (
      <div className="space-y-4" role="status" aria-label="Loading posts">
        <Skeleton className="h-32 w-full" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  }
  if (posts.isError) {
    return (
      <p role="alert" className="rounded-xl border border-border p-6 text-center text-destructive">
        {errorMessage(posts.error)}
      </p>
    );
  }
  if (items.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">
        {channel === 'elite' ? 'No posts in the Elite channel yet' : 'No community posts available'}
      </p>
    );
  }
  return (
    <>
      <div className="space-y-4" aria-label="Community posts" role="feed" aria-busy={posts.isFetchingNextPage}>
        {items.map((p) => (
          <PostCard key={p.id} post={p} viewerId={viewerId} />
        ))}
      </div>
      {posts.hasNextPage && (
        <div className="mt-6 text-center">
          <Button variant="outline" disabled={posts.isFetchingNextPage} onClick={() => posts.fetchNextPage()}>
            {posts.isFetchingNextPage ? 'Loading...' : 'Load More Posts'}
          </Button>
        </div>
      )}
    </>
  );
}

/**
 * /community (docs/product.md#community): stats, the weekly leaderboard (a block from the
 * racing area, passed in by src/app) and the feed block, feature cards,
 * athlete spotlights, and the discussion: composer plus every post.
 */
export default function CommunityPage({ leaderboardBlock, askCoachBlock }: { leaderboardBlock?: ReactNode; askCoachBlock?: ReactNode }) {
  const user = useQuery(userQueryOptions());
  const [channel, setChannel] = useState<Channel>('public');
  // The Elite channel exists only for elite members and coaches (docs/coaching.md).
  const member = !!user.data && (user.data.role === 'coach' || tierAllows(user.data.subscriptionTier, 'elite'));
  const shown: Channel = member ? channel : 'public';
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:py-14">
      <div className="mx-auto max-w-3xl text-center">
        <p className="text-sm font-bold tracking-widest text-accent-text uppercase">Community</p>
        <h1 className="mt-2 text-3xl font-black tracking-tight sm:text-5xl">Join the HYROX Community</h1>
        <p className="mt-4 text-lg text-muted-foreground">
          Train alone, race together. Share your sessions, ask questions and celebrate every finish line.
        </p>
        <Button size="lg" className="mt-6" onClick={joinDiscussion}>
          <Users className="h-5 w-5" aria-hidden="true" /> Join the Discussion
        </Button>
      </div>

      <div className="mx-auto mt-10 max-w-4xl">
        <CommunityStats />
      </div>

      <section aria-label="Leaderboard and latest posts" className="mt-12 grid gap-6 lg:grid-cols-2">
        <LeaderboardSlot>{leaderboardBlock}</LeaderboardSlot>
        <CommunityFeedBlock onJoin={joinDiscussion} />
      </section>

      <section aria-labelledby="features-heading" className="mt-16">
        <h2 id="features-heading" className="text-2xl font-black tracking-tight">
          Why athletes join
        </h2>
        <div className="mt-6">
          <CommunityFeatures />
        </div>
      </section>

      <section aria-labelledby="spotlights-heading" className="mt-16">
        <h2 id="spotlights-heading" className="text-2xl font-black tracking-tight">
          Athlete Spotlights
        </h2>
        <div className="mt-6">
          <AthleteSpotlights />
        </div>
      </section>

      <section id="discussion" aria-labelledby="discussion-heading" className="mx-auto mt-16 max-w-3xl scroll-mt-20">
        <h2 id="discussion-heading" className="text-2xl font-black tracking-tight">
          Discussion
        </h2>
        {member && (
          <div className="mt-4 flex flex-wrap gap-2" role="group" aria-label="Channel">
            <Button variant={shown === 'public' ? 'primary' : 'outline'} size="sm" aria-pressed={shown === 'public'} onClick={() => setChannel('public')}>
              Public feed
            </Button>
            <Button variant={shown === 'elite' ? 'primary' : 'outline'} size="sm" aria-pressed={shown === 'elite'} onClick={() => setChannel('elite')}>
              <Crown className="h-4 w-4" aria-hidden="true" /> Elite channel
            </Button>
          </div>
        )}
        {shown === 'elite' && (
          <p className="mt-3 text-sm text-muted-foreground">Only elite members and coaches can read and write here.</p>
        )}
        <div className="mt-6 space-y-6">
          {user.data && <PostComposer key={shown} channel={shown} />}
          <PostsList viewerId={user.data?.id} channel={shown} />
        </div>
        {user.data && askCoachBlock}
        {user.data && (
          <p className="mt-8 text-sm">
            <Link href="/coaching" className="underline">
              Coaching: choose a coach and message them
            </Link>
          </p>
        )}
      </section>
    </div>
  );
}

import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { Crown, Users } from 'lucide-react';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { QueryState } from '@/components/ui/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useSessionUser } from '@/lib/session';
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
  return (
    <QueryState
      query={posts}
      pending={
        <div className="space-y-4" role="status" aria-label="Loading posts">
          <Skeleton className="h-32 w-full" />
          <Skeleton className="h-32 w-full" />
        </div>
      }
      error={(err) => (
        <p role="alert" className="rounded-xl border border-border p-6 text-center text-destructive">
          {errorMessage(err)}
        </p>
      )}
      isEmpty={() => items.length === 0}
      empty={
        <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">
          {channel === 'elite' ? 'No posts in the Elite channel yet' : 'No community posts available'}
        </p>
      }
    >
      {() => (
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
      )}
    </QueryState>
  );
}

/**
 * /community (docs/product.md#community, #navigation). Members get the feed
 * first: the composer at the top, then every post, with the weekly leaderboard
 * (a block from the racing area, passed in by src/app) beside it. The
 * marketing blocks (stats, features, spotlights, the first-posts block) are
 * for visitors only, so no post shows twice.
 */
export default function CommunityPage({ leaderboardBlock, askCoachBlock }: { leaderboardBlock?: ReactNode; askCoachBlock?: ReactNode }) {
  const user = useSessionUser();
  if (user.data) {
    // The Elite channel exists only for elite members and coaches (docs/coaching.md).
    const elite = user.data.role === 'coach' || tierAllows(user.data.subscriptionTier, 'elite');
    return <MemberCommunity viewerId={user.data.id} elite={elite} leaderboardBlock={leaderboardBlock} askCoachBlock={askCoachBlock} />;
  }
  return <VisitorCommunity leaderboardBlock={leaderboardBlock} />;
}

function MemberCommunity({
  viewerId,
  elite,
  leaderboardBlock,
  askCoachBlock,
}: {
  viewerId: number;
  elite: boolean;
  leaderboardBlock?: ReactNode;
  askCoachBlock?: ReactNode;
}) {
  const [channel, setChannel] = useState<Channel>('public');
  const shown: Channel = elite ? channel : 'public';
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section id="discussion" aria-labelledby="discussion-heading" className="min-w-0 scroll-mt-20">
          <PageHeader id="discussion-heading" title="Community" description="Share your sessions, ask questions and celebrate every finish line." />
          {elite && (
            <div className="mt-4 flex flex-wrap gap-2" role="group" aria-label="Channel">
              <Button variant={shown === 'public' ? 'primary' : 'outline'} size="sm" aria-pressed={shown === 'public'} onClick={() => setChannel('public')}>
                Public feed
              </Button>
              <Button variant={shown === 'elite' ? 'primary' : 'outline'} size="sm" aria-pressed={shown === 'elite'} onClick={() => setChannel('elite')}>
                <Crown className="h-4 w-4" aria-hidden="true" /> Elite channel
              </Button>
            </div>
          )}
          {shown === 'elite' && <p className="mt-3 text-sm text-muted-foreground">Only elite members and coaches can read and write here.</p>}
          <div className="mt-6 space-y-6">
            <PostComposer key={shown} channel={shown} />
            <PostsList viewerId={viewerId} channel={shown} />
          </div>
        </section>
        <aside aria-label="This week" className="min-w-0 space-y-6 lg:self-start lg:pt-2">
          <LeaderboardSlot>{leaderboardBlock}</LeaderboardSlot>
          {askCoachBlock}
          <p className="text-sm">
            <Link href={paths.coaching} className="underline">
              Coaching: choose a coach and message them
            </Link>
          </p>
        </aside>
      </div>
    </div>
  );
}

/** What a visitor would see (the route is for members today: docs/product.md#gates). */
function VisitorCommunity({ leaderboardBlock }: { leaderboardBlock?: ReactNode }) {
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
        <div className="mt-6 space-y-6">
          <PostsList channel="public" />
        </div>
      </section>
    </div>
  );
}

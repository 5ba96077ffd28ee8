import { Link } from 'wouter';
import { Trophy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useLeaderboard } from '../api/get-leaderboard';
import { VENUE_NOTE, divisionLabel, formatClock } from '../lib/race';
import { RecordTypeBadge } from './record-type-badge';

const MEDALS = ['bg-yellow-400 text-black', 'bg-zinc-300 text-black', 'bg-amber-700 text-white'];

/**
 * The weekly leaderboard block (docs/product.md#racing): this week's top 3 races in
 * the viewer's division (the server's default board), three
 * placeholder rows while loading, 'No leaderboard data available' when empty,
 * and View Full Leaderboard. Times are ranked and shown at an average venue
 * (docs/analytics.md#venues), and the block says so when one is corrected. Shown on the Home and Community pages.
 */
export function WeeklyLeaderboard({ leaderboardPath = '/leaderboard' }: { leaderboardPath?: string }) {
  const { data, isPending, isError } = useLeaderboard({ period: 'week', limit: 3 });
  return (
    <Card className="flex h-full flex-col" aria-labelledby="weekly-leaderboard-title">
      <CardHeader>
        <CardTitle id="weekly-leaderboard-title" className="flex items-center gap-2">
          <Trophy className="h-5 w-5 text-accent-text" aria-hidden="true" />
          Weekly Leaderboard
        </CardTitle>
        <p className="text-sm text-muted-foreground">Official races this week.</p>
      </CardHeader>
      <CardContent className="flex-1">
        {isPending ? (
          <ol aria-busy="true" aria-label="Loading leaderboard" className="space-y-3">
            {[0, 1, 2].map((i) => (
              <li key={i} data-testid="leaderboard-skeleton" className="flex items-center gap-3">
                <Skeleton className="h-8 w-8 rounded-full" />
                <Skeleton className="h-4 flex-1" />
                <Skeleton className="h-4 w-16" />
              </li>
            ))}
          </ol>
        ) : isError || !data || data.length === 0 ? (
          <p className="text-muted-foreground">No leaderboard data available</p>
        ) : (
          <ol className="space-y-3" aria-label="This week's top 3">
            {data.slice(0, 3).map((e, i) => (
              <li key={e.id} className="flex items-center gap-3">
                <span
                  className={`flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-sm font-bold ${MEDALS[i] ?? 'bg-muted'}`}
                  aria-label={`Rank ${e.rank}`}
                >
                  {e.rank}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-semibold">{e.username}</span>
                  <span className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                    {divisionLabel(e.division)} <RecordTypeBadge type={e.recordType} />
                  </span>
                </span>
                <span className="font-mono font-semibold tabular-nums">{formatClock(e.atAverageVenue ?? e.time)}</span>
              </li>
            ))}
          </ol>
        )}
        {data?.slice(0, 3).some((e) => e.atAverageVenue != null) && (
          <p className="mt-3 text-xs text-muted-foreground" data-testid="venue-note">
            {VENUE_NOTE}
          </p>
        )}
      </CardContent>
      <CardFooter>
        <Button asChild variant="outline" className="w-full">
          <Link href={leaderboardPath}>View Full Leaderboard</Link>
        </Button>
      </CardFooter>
    </Card>
  );
}

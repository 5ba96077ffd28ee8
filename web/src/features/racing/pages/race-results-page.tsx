import { Link } from 'wouter';
import { raceResultPath } from '@/app/paths';
import { Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useSessionUser } from '@/lib/session';
import { tierAllows } from '@/lib/tiers';
import { useDeleteRaceResult, useRaceResults } from '../api/race-results';
import { RecordTypeBadge } from '../components/record-type-badge';
import { ResultForm } from '../components/result-form';
import { divisionLabel, formatClock } from '../lib/race';

export default function RaceResultsPage() {
  const { data: user } = useSessionUser();
  const results = useRaceResults(20);
  const del = useDeleteRaceResult();
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-black tracking-tight sm:text-4xl">Race Results</h1>
      <p className="mt-2 text-muted-foreground">
        Enter a race or a simulation split by split. Complete results count on the leaderboard
        {tierAllows(user?.subscriptionTier, 'pro') ? ' and feed your performance analytics' : ''}.
      </p>
      {/* min-w-0: a long event name truncates instead of widening the column past a 360 px screen. */}
      <div className="mt-8 grid gap-8 lg:grid-cols-[3fr_2fr] [&>*]:min-w-0">
        <Card>
          <CardHeader>
            <h2 className="text-lg leading-tight font-bold">New result</h2>
          </CardHeader>
          <CardContent>
            <ResultForm />
          </CardContent>
        </Card>
        <section aria-labelledby="my-results">
          <h2 id="my-results" className="text-xl font-bold">
            My results
          </h2>
          {results.isPending && (
            <div className="mt-4 space-y-3">
              <Skeleton className="h-14" />
              <Skeleton className="h-14" />
            </div>
          )}
          {results.isError && <p role="alert" className="mt-4 text-destructive">{errorMessage(results.error)}</p>}
          {results.data?.items.length === 0 && <p className="mt-4 text-muted-foreground">No results yet.</p>}
          <ul className="mt-4 space-y-3">
            {results.data?.items.map((r) => (
              <li key={r.id} className="flex items-center gap-3 rounded-lg border border-border p-3">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-semibold">
                    <Link href={raceResultPath(r.id)} className="underline-offset-2 hover:underline" aria-label={`Open ${r.eventName} on ${r.date}`}>
                      {r.eventName}
                    </Link>
                  </p>
                  <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                    {formatDate(`${r.date}T12:00:00`)} · {divisionLabel(r.division)} <RecordTypeBadge type={r.kind} />
                    {!r.complete && <span>(partial)</span>}
                  </p>
                </div>
                <span className="font-mono font-semibold tabular-nums">{formatClock(r.totalSeconds)}</span>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Delete ${r.eventName} on ${r.date}`}
                  disabled={del.isPending}
                  onClick={() => {
                    if (!window.confirm('Delete this result?')) return;
                    del.mutate(r.id, {
                      onSuccess: () => toast({ title: 'Result deleted' }),
                      onError: (err) => toast({ title: 'Deletion Failed', description: errorMessage(err), variant: 'destructive' }),
                    });
                  }}
                >
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
          <div className="mt-6 flex flex-wrap gap-3">
            <Button asChild variant="outline">
              <Link href="/leaderboard">Leaderboard</Link>
            </Button>
            <Button asChild variant="outline">
              <Link href="/analytics">Performance Analytics</Link>
            </Button>
          </div>
        </section>
      </div>
    </div>
  );
}

import { Link } from 'wouter';
import { Timer } from 'lucide-react';
import { paths } from '@/app/paths';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useAnalytics } from '../api/get-analytics';
import { divisionLabel, formatClock, formatDay } from '../lib/race';

const link = 'font-semibold underline underline-offset-2';

/**
 * The signed-in home's racing block for pro athletes: the latest result and
 * the predicted finish with its 80 % range (the same figures as /analytics).
 */
export function HomeRacingBlock() {
  const analytics = useAnalytics();
  if (analytics.isPending) return <Skeleton className="h-20 w-full" />;
  if (analytics.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {errorMessage(analytics.error)}
      </p>
    );
  }
  const a = analytics.data;
  if (!a.latest) {
    return (
      <p className="text-sm">
        No races or simulations yet.{' '}
        <Link href={paths.raceResults} className={link}>
          Add a result
        </Link>{' '}
        to see your predicted finish and where your time goes.
      </p>
    );
  }
  const p = a.prediction;
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-border p-4 sm:flex-row sm:items-center sm:justify-between" data-testid="home-racing">
      <div className="min-w-0 text-sm">
        <p>
          Latest: <strong>{a.latest.eventName}</strong>, {formatDay(a.latest.date)}, {divisionLabel(a.latest.division)},{' '}
          <span className="font-mono tabular-nums">{formatClock(a.latest.totalSeconds)}</span>
        </p>
        {p && (
          <p className="mt-1 flex flex-wrap items-center gap-x-2">
            <Timer className="h-4 w-4 text-accent-text" aria-hidden="true" />
            Predicted finish <strong className="font-mono tabular-nums">{formatClock(p.seconds)}</strong>
            {p.highSeconds > p.lowSeconds && (
              <span className="text-muted-foreground">
                (80% range <span className="font-mono tabular-nums">{formatClock(p.lowSeconds)}–{formatClock(p.highSeconds)}</span>)
              </span>
            )}
          </p>
        )}
      </div>
      <Link href={paths.analytics} className={`${link} shrink-0 text-sm`}>
        Performance analytics
      </Link>
    </div>
  );
}

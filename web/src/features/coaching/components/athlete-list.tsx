import { Link } from 'wouter';
import { ChevronRight } from 'lucide-react';
import { coachAthletePath, paths } from '@/app/paths';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useMyAthletes, type CoachAthlete } from '../api/workspace';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What needs the coach's attention, as short badges (none: "All clear"). */
export function AttentionBadges({ athlete: a }: { athlete: CoachAthlete }) {
  if (!a.needsAttention) {
    return (
      <span className="flex">
        <Badge variant="success">All clear</Badge>
      </span>
    );
  }
  return (
    <span className="flex flex-wrap gap-1.5">
      {a.unread > 0 && <Badge variant="primary">{plural(a.unread, 'unread message')}</Badge>}
      {a.missedSessions > 0 && <Badge variant="warning">{plural(a.missedSessions, 'missed session')}</Badge>}
      {a.loadSpike && <Badge variant="danger">Load spike · ratio {a.loadRatio.toFixed(1)}</Badge>}
      {a.newResults > 0 && <Badge variant="info">{plural(a.newResults, 'new race result')}</Badge>}
    </span>
  );
}

/** The coach's current athletes, those needing attention first. */
export function AthleteList() {
  const athletes = useMyAthletes();
  if (athletes.isPending) {
    return (
      <div className="flex flex-col gap-2" role="status" aria-label="Loading athletes">
        <Skeleton className="h-16" />
        <Skeleton className="h-16" />
      </div>
    );
  }
  if (athletes.isError) return <p role="alert">{errorMessage(athletes.error)}</p>;
  const list = athletes.data;
  if (list.length === 0) {
    return <p className="text-muted-foreground">No athlete has chosen you yet. Elite members choose their coach under Coaching.</p>;
  }
  const waiting = list.filter((a) => a.needsAttention).length;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted-foreground" data-testid="attention-summary">
        {plural(list.length, 'athlete')}, {waiting === 0 ? 'none needs' : `${waiting} ${waiting === 1 ? 'needs' : 'need'}`} your attention.
      </p>
      <ul className="flex flex-col gap-2" aria-label="My athletes" data-testid="athlete-list">
        {list.map((a) => (
          <li key={a.id}>
            <Link
              href={coachAthletePath(a.id)}
              className="flex items-center gap-3 rounded-xl border border-border bg-card p-4 shadow-sm transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
            >
              <span className="flex min-w-0 flex-1 flex-col gap-1.5">
                <span className="font-bold break-words">{a.username}</span>
                <span className="text-xs text-muted-foreground">Coached since {formatDate(a.since)}</span>
                <AttentionBadges athlete={a} />
              </span>
              <ChevronRight className="h-5 w-5 shrink-0 text-muted-foreground" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The coach's signed-in home: their workspace's summary. */
export function CoachHome({ greeting }: { greeting: string }) {
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-10">
      <header>
        <h1 className="text-3xl font-black tracking-tight sm:text-4xl">{greeting}</h1>
        <p className="mt-2 text-muted-foreground">
          Your athletes and what needs your attention. Open one to see their week, logs and results, or go to{' '}
          <Link href={paths.coach} className="font-semibold underline underline-offset-2">
            your workspace
          </Link>
          .
        </p>
      </header>
      <section aria-labelledby="home-athletes-heading" className="flex flex-col gap-3">
        <h2 id="home-athletes-heading" className="text-xl font-black">
          My athletes
        </h2>
        <AthleteList />
      </section>
    </div>
  );
}

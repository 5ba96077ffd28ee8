import { Link, useLocation, useParams } from 'wouter';
import { ArrowLeft } from 'lucide-react';
import { paths } from '@/app/paths';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useRaceResult } from '../api/race-results';
import { RecordTypeBadge } from '../components/record-type-badge';
import { ResultForm } from '../components/result-form';
import { VenueTime } from '../components/venue-time';
import { divisionLabel, formatClock } from '../lib/race';

/** /race-results/:id: one saved result, open to edit (PUT /api/race-results/{id}). */
export default function RaceResultPage() {
  const { id = '' } = useParams<{ id: string }>();
  const [, navigate] = useLocation();
  const result = useRaceResult(Number(id));
  const r = result.data;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <Link href={paths.raceResults} className="inline-flex items-center gap-1 text-sm font-semibold hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Race results
      </Link>
      {result.isPending && <Skeleton className="mt-6 h-96" />}
      {result.isError && (
        <p role="alert" className="mt-6 text-destructive">
          {result.error instanceof ApiError && result.error.status === 404 ? 'This result does not exist or is not yours.' : errorMessage(result.error)}
        </p>
      )}
      {r && (
        <>
          <h1 className="mt-4 text-3xl font-black tracking-tight">{r.eventName}</h1>
          <p className="mt-2 flex flex-wrap items-center gap-2 text-muted-foreground">
            {formatDate(`${r.date}T12:00:00`)} · {divisionLabel(r.division)} <RecordTypeBadge type={r.kind} />
            {!r.complete && <span>(partial)</span>} ·{' '}
            <strong className="font-mono text-foreground tabular-nums" data-testid="result-total">
              {formatClock(r.totalSeconds)}
            </strong>
          </p>
          <VenueTime result={r} />
          <Card className="mt-6">
            <CardHeader>
              <h2 className="text-lg leading-tight font-bold">Edit result</h2>
            </CardHeader>
            <CardContent>
              {/* The form starts from the stored result once; keyed by id only, so the refetch after saving does not
                  remount it before its onSaved runs. */}
              <ResultForm key={r.id} result={r} onSaved={() => navigate(paths.raceResults)} />
            </CardContent>
          </Card>
        </>
      )}
    </div>
  );
}

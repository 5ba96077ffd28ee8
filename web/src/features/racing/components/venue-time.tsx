import type { RaceResult } from '../api/types';
import { formatClock } from '../lib/race';

/**
 * A race's finish "at an average venue" (docs/analytics.md#venues): its time divided by the venue factor of the
 * fitted event its name names. A simulation has no venue; a race at a venue the model does not know gets no
 * correction, and says so.
 */
export function VenueTime({ result }: { result: RaceResult }) {
  if (result.kind !== 'race') return null;
  const v = result.atAverageVenue;
  if (!v) {
    return (
      <p className="mt-1 text-sm text-muted-foreground" data-testid="venue-time">
        No venue correction: the model does not know this venue, so this time is shown as run.
      </p>
    );
  }
  return (
    <p className="mt-1 text-sm text-muted-foreground" data-testid="venue-time">
      At an average venue:{' '}
      <strong className="font-mono text-foreground tabular-nums">{formatClock(v.totalSeconds)}</strong> (venue
      factor {v.factor.toFixed(3)} from {v.venue}: times there run {Math.abs(Math.round((v.factor - 1) * 1000) / 10)} %{' '}
      {v.factor >= 1 ? 'slower' : 'faster'} than at an average venue for the same runs).
    </p>
  );
}

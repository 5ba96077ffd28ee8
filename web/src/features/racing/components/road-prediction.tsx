import { useState, type FormEvent } from 'react';
import { Footprints } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useRoadPrediction } from '../api/road-prediction';
import { formatClock } from '../lib/race';
import { TimeInput } from '@/components/ui/time-input';
import { timeEntrySeconds } from '@/lib/time-entry';
import { DivisionOptions } from './division-options';

// The bounds the server checks (docs/analytics.md#a-road-5k-or-10k), so most
// mistakes get their message before a request.
const BOUNDS = { 5: [750, 5400], 10: [1560, 10800] } as const;

/** A road 5K or 10K turned into a predicted finish, its range and the method in words. */
export function RoadPrediction({ division }: { division: string }) {
  const [distance, setDistance] = useState<5 | 10>(5);
  const [text, setText] = useState('');
  const [div, setDiv] = useState(division);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const m = useRoadPrediction();

  function submit(e: FormEvent) {
    e.preventDefault();
    const s = timeEntrySeconds(text);
    const [lo, hi] = BOUNDS[distance];
    if (s === null || s < lo || s > hi) {
      setErrors({ seconds: `Enter a ${distance} km time between ${formatClock(lo)} and ${formatClock(hi)}, as mm:ss or h:mm:ss.` });
      return;
    }
    setErrors({});
    m.mutate(
      { distanceKm: distance, seconds: s, division: div },
      { onError: (err) => setErrors(err instanceof ApiError ? err.errors : {}) },
    );
  }

  const p = m.data;
  const otherError = m.isError && Object.keys(errors).length === 0;
  return (
    <Card>
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg font-bold">
          <Footprints className="h-5 w-5 text-accent-text" aria-hidden="true" /> From a road 5K or 10K
        </h2>
        <CardDescription>
          No HYROX splits at hand? A road time gives a first estimate with a wide range; your own race or simulation runs give a much closer one.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-[8rem_9rem_minmax(0,16rem)_auto] sm:items-end sm:justify-start">
          <FormField label="Distance" error={errors.distanceKm}>
            {(c) => (
              <Select {...c} value={distance} onChange={(e) => setDistance(Number(e.target.value) === 10 ? 10 : 5)}>
                <option value={5}>5 km</option>
                <option value={10}>10 km</option>
              </Select>
            )}
          </FormField>
          <TimeInput label="Road time" value={text} onChange={setText} error={errors.seconds} />
          <FormField label="Division" error={errors.division}>
            {(c) => (
              <Select {...c} value={div} onChange={(e) => setDiv(e.target.value)}>
                <DivisionOptions />
              </Select>
            )}
          </FormField>
          <Button type="submit" disabled={m.isPending}>
            {m.isPending ? 'Predicting...' : 'Predict'}
          </Button>
        </form>
        {otherError && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {errorMessage(m.error)}
          </p>
        )}
        {p && (
          <div aria-live="polite" className="space-y-2 text-sm">
            <p>
              Predicted finish: <strong className="font-mono text-2xl" data-testid="road-predicted">{formatClock(p.seconds)}</strong>
            </p>
            <p data-testid="road-range">
              Range: <strong className="font-mono">{formatClock(p.lowSeconds)}–{formatClock(p.highSeconds)}</strong>
            </p>
            <p className="text-muted-foreground">{p.method}</p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

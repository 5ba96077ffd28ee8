import { Footprints } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { TimeField } from '@/components/ui/time-input';
import { useApiForm } from '@/components/ui/use-api-form';
import { useRoadPrediction } from '../api/road-prediction';
import { formatClock } from '../lib/race';
import { roadPredictionSchema, type RoadPredictionOutput, type RoadPredictionValues } from '../schemas';
import { DivisionOptions } from './division-options';

/** A road 5K or 10K turned into a predicted finish, its range and the method in words. */
export function RoadPrediction({ division }: { division: string }) {
  const m = useRoadPrediction();
  const { form, formError, submit } = useApiForm<RoadPredictionValues, RoadPredictionOutput>({
    schema: roadPredictionSchema,
    defaultValues: { distanceKm: '5', seconds: '', division },
  });
  const { errors } = form.formState;
  const onSubmit = submit((input) => m.mutateAsync(input));

  const p = m.data;
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
        <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:grid-cols-[8rem_9rem_minmax(0,16rem)_auto] sm:items-end sm:justify-start">
          <FormField label="Distance" error={errors.distanceKm?.message}>
            {(c) => (
              <Select {...c} {...form.register('distanceKm')}>
                <option value="5">5 km</option>
                <option value="10">10 km</option>
              </Select>
            )}
          </FormField>
          <TimeField
            control={form.control}
            name="seconds"
            label="Road time"
          />
          <FormField label="Division" error={errors.division?.message}>
            {(c) => (
              <Select {...c} {...form.register('division')}>
                <DivisionOptions />
              </Select>
            )}
          </FormField>
          <Button type="submit" disabled={m.isPending}>
            {m.isPending ? 'Predicting...' : 'Predict'}
          </Button>
        </form>
        {formError && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {formError}
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

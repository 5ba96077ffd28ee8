import { useEffect } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormError, FormField, InputField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { TimeInput } from '@/components/ui/time-input';
import { useApiForm } from '@/components/ui/use-api-form';
import { formatTimeEntry, timeEntrySeconds } from '@/lib/time-entry';
import { toast } from '@/components/ui/use-toast';
import { toLocalISODate } from '@/lib/format';
import { useCreateRaceResult, useRaceResults, useUpdateRaceResult } from '../api/race-results';
import type { RaceResult, RaceResultInput } from '../api/types';
import { STATIONS, formatClock } from '../lib/race';
import { RACE_RESULT_FIELDS, raceResultSchema, type RaceResultValues } from '../schemas';
import { DivisionOptions } from './division-options';

const EMPTY = Array<string>(8).fill('');

const timeText = (s: number | null | undefined) => (s == null ? '' : formatTimeEntry(s));

/**
 * Enter a race or simulation, or edit a saved one (`result`): times typed
 * as phones allow (docs/time-entry.md), a running total, and the previous
 * result's division by default. In a simulation a station may be left empty
 * (not done).
 */
export function ResultForm({ result, onSaved }: { result?: RaceResult; onSaved?: (saved: RaceResult) => void }) {
  const previous = useRaceResults(1);
  const create = useCreateRaceResult();
  const update = useUpdateRaceResult();
  const save = result ? update : create;
  const { form, formError, submit } = useApiForm<RaceResultValues, RaceResultInput>({
    schema: raceResultSchema,
    defaultValues: {
      date: result?.date ?? toLocalISODate(),
      eventName: result?.eventName ?? 'Full simulation',
      kind: result?.kind === 'race' ? 'race' : 'simulation',
      division: result?.division ?? '',
      runSplits: result ? result.runSplits.map(timeText) : [...EMPTY],
      stationSplits: result ? result.stationSplits.map(timeText) : [...EMPTY],
      roxzoneSeconds: result ? timeText(result.roxzoneSeconds) : '',
    },
    fields: RACE_RESULT_FIELDS,
  });
  const { control, register, setValue, getFieldState, reset, getValues } = form;
  const { errors, isSubmitted } = form.formState;

  // Until the athlete picks one: the previous result's division once it is
  // known, Open Men without one, '' (Loading...) while the previous one loads.
  const lastDivision = previous.data?.items[0]?.division;
  const loaded = !previous.isPending;
  useEffect(() => {
    if (result || !loaded || getFieldState('division').isDirty || getValues('division')) return;
    setValue('division', lastDivision ?? 'open_men');
  }, [result, loaded, lastDivision, getFieldState, getValues, setValue]);
  const division = useWatch({ control, name: 'division' });

  const [runs, stations, roxzone] = useWatch({ control, name: ['runSplits', 'stationSplits', 'roxzoneSeconds'] });
  let sum = 0;
  let counted = 0;
  for (const v of [...runs, ...stations, roxzone]) {
    const s = timeEntrySeconds(v);
    if (s !== null) {
      sum += s;
      counted += 1;
    }
  }

  const onSubmit = submit(async (input) => {
    const saved = result ? await update.mutateAsync({ id: result.id, input }) : await create.mutateAsync(input);
    toast({ title: 'Result saved', description: `${formatClock(saved.totalSeconds)} on ${saved.date}.` });
    // A new result empties the times for the next one (date, event, kind and division stay); an edit keeps what was saved.
    if (!result) reset({ ...getValues(), runSplits: [...EMPTY], stationSplits: [...EMPTY], roxzoneSeconds: '' });
    onSaved?.(saved);
  });
  // The client's check failed: the highlighted fields say why.
  const shownError = formError ?? (isSubmitted && Object.keys(errors).length > 0 ? 'Please check the highlighted times.' : undefined);

  // The ids are the server's error keys (runSplits.0, roxzoneSeconds), so its errors land on the right field.
  // The placeholder says the format only: a time there would read as a filled-in value (docs/product.md#navigation).
  const timeInput = (name: `runSplits.${number}` | `stationSplits.${number}` | 'roxzoneSeconds', label: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TimeInput
          id={name}
          label={label}
          labelClassName="text-xs"
          className="gap-1"
          error={fieldState.error?.message}
          name={field.name}
          ref={field.ref}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
        />
      )}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6" aria-label="Race result">
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField id="date" label="Date" type="date" {...register('date')} error={errors.date?.message} />
        <InputField id="eventName" label="Event name" maxLength={100} {...register('eventName')} error={errors.eventName?.message} />
        <fieldset>
          <legend className="text-sm font-medium">Kind</legend>
          <div className="mt-2 flex gap-4">
            {(['simulation', 'race'] as const).map((k) => (
              <label key={k} className="flex items-center gap-2 text-sm">
                <input type="radio" value={k} {...register('kind')} className="h-4 w-4 accent-current" />
                {k === 'race' ? 'Race (official event)' : 'Simulation'}
              </label>
            ))}
          </div>
        </fieldset>
        <FormField id="division" label="Division" error={errors.division?.message}>
          {(c) => (
            <Select {...c} {...register('division')}>
              {division === '' && <option value="">Loading...</option>}
              <DivisionOptions />
            </Select>
          )}
        </FormField>
      </div>

      <fieldset>
        <legend className="text-sm font-medium">Splits in race order</legend>
        <p className="mt-1 text-xs text-muted-foreground">
          Each run is 1 km. Type times as 5:18, 5.18 or 518. In a simulation, leave a station empty if you skipped it.
        </p>
        <div className="mt-3 grid grid-cols-2 items-start gap-x-3 gap-y-3 sm:gap-x-4">
          {STATIONS.map((station, i) => (
            <div key={station} className="contents">
              {timeInput(`runSplits.${i}`, `Run ${i + 1}`)}
              {timeInput(`stationSplits.${i}`, station)}
            </div>
          ))}
        </div>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          {timeInput('roxzoneSeconds', 'Roxzone (all 16 transitions)')}
          <div className="flex items-end">
            <p className="text-sm" aria-live="polite">
              Running total:{' '}
              <strong className="font-mono text-lg tabular-nums" data-testid="running-total">
                {formatClock(sum)}
              </strong>{' '}
              <span className="text-muted-foreground">({counted} of 17 times)</span>
            </p>
          </div>
        </div>
      </fieldset>

      <FormError message={shownError} />
      <Button type="submit" disabled={save.isPending || division === ''}>
        {save.isPending ? 'Saving...' : result ? 'Save changes' : 'Save result'}
      </Button>
    </form>
  );
}

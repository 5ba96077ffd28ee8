import { useMemo, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormError, FormField, InputField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { TimeInput } from '@/components/ui/time-input';
import { formatTimeEntry, parseTimeEntry, timeEntrySeconds } from '@/lib/time-entry';
import { toast } from '@/components/ui/use-toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { toLocalISODate } from '@/lib/format';
import { useCreateRaceResult, useRaceResults, useUpdateRaceResult } from '../api/race-results';
import type { RaceResult, RaceResultInput } from '../api/types';
import { STATIONS, formatClock, type Division } from '../lib/race';
import { DivisionOptions } from './division-options';

type Errors = Record<string, string>;
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
  const [date, setDate] = useState(() => result?.date ?? toLocalISODate());
  const [eventName, setEventName] = useState(result?.eventName ?? 'Full simulation');
  const [kind, setKind] = useState<'race' | 'simulation'>(result?.kind === 'race' ? 'race' : 'simulation');
  const [chosenDivision, setDivision] = useState<Division | ''>((result?.division as Division | undefined) ?? '');
  const [runs, setRuns] = useState<string[]>(() => (result ? result.runSplits.map(timeText) : EMPTY));
  const [stations, setStations] = useState<string[]>(() => (result ? result.stationSplits.map(timeText) : EMPTY));
  const [roxzone, setRoxzone] = useState(() => (result ? timeText(result.roxzoneSeconds) : ''));
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState('');

  // Until the athlete picks one: the previous result's division once it is
  // known, Open Men without one, '' (Loading...) while the previous one loads.
  const lastDivision = previous.data?.items[0]?.division as Division | undefined;
  const division: Division | '' = chosenDivision || lastDivision || (previous.isPending ? '' : 'open_men');

  const total = useMemo(() => {
    let sum = 0;
    let counted = 0;
    for (const v of [...runs, ...stations, roxzone]) {
      const s = timeEntrySeconds(v);
      if (s !== null) {
        sum += s;
        counted += 1;
      }
    }
    return { sum, counted };
  }, [runs, stations, roxzone]);

  function validate(): { input?: RaceResultInput; errs: Errors } {
    const errs: Errors = {};
    // Each time is read by the one rule; a refused one keeps its reason (docs/time-entry.md).
    const read = (v: string, field: string) => {
      const e = parseTimeEntry(v);
      if ('error' in e) errs[field] = e.error;
      return 'seconds' in e ? e.seconds : null;
    };
    const runSecs = runs.map((v, i) => {
      if (!v.trim()) errs[`runSplits.${i}`] = `Run ${i + 1} is required.`;
      return read(v, `runSplits.${i}`);
    });
    const stationSecs = stations.map((v, i) => {
      if (!v.trim()) {
        if (kind === 'race') errs[`stationSplits.${i}`] = `${STATIONS[i]} is required in a race.`;
        return null;
      }
      return read(v, `stationSplits.${i}`);
    });
    if (kind === 'simulation' && stations.every((v) => !v.trim())) errs['stationSplits.0'] = 'Enter at least one station split.';
    const rox = read(roxzone, 'roxzoneSeconds');
    if (!roxzone.trim()) errs.roxzoneSeconds = 'Roxzone time is required.';
    if (!eventName.trim()) errs.eventName = 'Event name is required.';
    if (!date) errs.date = 'Date is required.';
    if (!division) errs.division = 'Please choose a division.';
    if (Object.keys(errs).length) return { errs };
    return {
      errs,
      input: {
        date,
        eventName: eventName.trim(),
        kind,
        division: division as Division,
        runSplits: runSecs as number[],
        stationSplits: stationSecs,
        roxzoneSeconds: rox as number,
      },
    };
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFormError('');
    const { input, errs } = validate();
    setErrors(errs);
    if (!input) {
      setFormError('Please check the highlighted times.');
      return;
    }
    const done = {
      onSuccess: (saved: RaceResult) => {
        toast({ title: 'Result saved', description: `${formatClock(saved.totalSeconds)} on ${saved.date}.` });
        if (!result) {
          setRuns(EMPTY);
          setStations(EMPTY);
          setRoxzone('');
        }
        setErrors({});
        onSaved?.(saved);
      },
      onError: (err: Error) => {
        setFormError(errorMessage(err));
        if (err instanceof ApiError) setErrors(err.errors);
      },
    };
    if (result) update.mutate({ id: result.id, input }, done);
    else create.mutate(input, done);
  }

  // The ids are the server's error keys (runSplits.0, roxzoneSeconds), so its errors land on the right field.
  // The placeholder says the format only: a time there would read as a filled-in value (docs/product.md#navigation).
  const timeInput = (id: string, label: string, value: string, set: (v: string) => void) => (
    <TimeInput
      id={id}
      label={label}
      labelClassName="text-xs"
      className="gap-1"
      error={errors[id]}
      value={value}
      onChange={(v) => {
        set(v);
        // A corrected time says what it now reads instead of the old error.
        if (errors[id])
          setErrors((all) => {
            const rest = { ...all };
            delete rest[id];
            return rest;
          });
      }}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6" aria-label="Race result">
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField id="date" label="Date" type="date" value={date} onChange={(e) => setDate(e.target.value)} error={errors.date} />
        <InputField id="eventName" label="Event name" value={eventName} maxLength={100} onChange={(e) => setEventName(e.target.value)} error={errors.eventName} />
        <fieldset>
          <legend className="text-sm font-medium">Kind</legend>
          <div className="mt-2 flex gap-4">
            {(['simulation', 'race'] as const).map((k) => (
              <label key={k} className="flex items-center gap-2 text-sm">
                <input type="radio" name="kind" value={k} checked={kind === k} onChange={() => setKind(k)} className="h-4 w-4 accent-current" />
                {k === 'race' ? 'Race (official event)' : 'Simulation'}
              </label>
            ))}
          </div>
        </fieldset>
        <FormField id="division" label="Division" error={errors.division}>
          {(control) => (
            <Select {...control} value={division} onChange={(e) => setDivision(e.target.value as Division)}>
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
              {timeInput(`runSplits.${i}`, `Run ${i + 1}`, runs[i], (v) => setRuns((r) => r.map((x, j) => (j === i ? v : x))))}
              {timeInput(`stationSplits.${i}`, station, stations[i], (v) => setStations((s) => s.map((x, j) => (j === i ? v : x))))}
            </div>
          ))}
        </div>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          {timeInput('roxzoneSeconds', 'Roxzone (all 16 transitions)', roxzone, setRoxzone)}
          <div className="flex items-end">
            <p className="text-sm" aria-live="polite">
              Running total:{' '}
              <strong className="font-mono text-lg tabular-nums" data-testid="running-total">
                {formatClock(total.sum)}
              </strong>{' '}
              <span className="text-muted-foreground">({total.counted} of 17 times)</span>
            </p>
          </div>
        </div>
      </fieldset>

      <FormError message={formError} />
      <Button type="submit" disabled={save.isPending || division === ''}>
        {save.isPending ? 'Saving...' : result ? 'Save changes' : 'Save result'}
      </Button>
    </form>
  );
}

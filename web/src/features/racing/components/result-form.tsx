import { useMemo, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormError, FormField, InputField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/use-toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { toLocalISODate } from '@/lib/format';
import { useCreateRaceResult, useRaceResults } from '../api/race-results';
import type { RaceResultInput } from '../api/types';
import { STATIONS, formatClock, parseTime, type Division } from '../lib/race';
import { DivisionOptions } from './division-options';

type Errors = Record<string, string>;
const EMPTY = Array<string>(8).fill('');

/**
 * Enter a race or simulation: times as mm:ss (or h:mm:ss), a running total,
 * and the previous result's division by default. In a simulation a station
 * may be left empty (not done).
 */
export function ResultForm({ onSaved }: { onSaved?: () => void }) {
  const previous = useRaceResults(1);
  const create = useCreateRaceResult();
  const [date, setDate] = useState(() => toLocalISODate());
  const [eventName, setEventName] = useState('Full simulation');
  const [kind, setKind] = useState<'race' | 'simulation'>('simulation');
  const [chosenDivision, setDivision] = useState<Division | ''>('');
  const [runs, setRuns] = useState<string[]>(EMPTY);
  const [stations, setStations] = useState<string[]>(EMPTY);
  const [roxzone, setRoxzone] = useState('');
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
      const s = v.trim() ? parseTime(v) : null;
      if (s !== null) {
        sum += s;
        counted += 1;
      }
    }
    return { sum, counted };
  }, [runs, stations, roxzone]);

  function validate(): { input?: RaceResultInput; errs: Errors } {
    const errs: Errors = {};
    const runSecs = runs.map((v, i) => {
      const s = parseTime(v);
      if (!v.trim()) errs[`runSplits.${i}`] = `Run ${i + 1} is required.`;
      else if (s === null) errs[`runSplits.${i}`] = 'Use m:ss, e.g. 5:18.';
      return s;
    });
    const stationSecs = stations.map((v, i) => {
      if (!v.trim()) {
        if (kind === 'race') errs[`stationSplits.${i}`] = `${STATIONS[i]} is required in a race.`;
        return null;
      }
      const s = parseTime(v);
      if (s === null) errs[`stationSplits.${i}`] = 'Use m:ss, e.g. 4:22.';
      return s;
    });
    if (kind === 'simulation' && stations.every((v) => !v.trim())) errs['stationSplits.0'] = 'Enter at least one station split.';
    const rox = parseTime(roxzone);
    if (!roxzone.trim()) errs.roxzoneSeconds = 'Roxzone time is required.';
    else if (rox === null) errs.roxzoneSeconds = 'Use m:ss, e.g. 6:53.';
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
    create.mutate(input, {
      onSuccess: (saved) => {
        toast({ title: 'Result saved', description: `${formatClock(saved.totalSeconds)} on ${saved.date}.` });
        setRuns(EMPTY);
        setStations(EMPTY);
        setRoxzone('');
        setErrors({});
        onSaved?.();
      },
      onError: (err) => {
        setFormError(errorMessage(err));
        if (err instanceof ApiError) setErrors(err.errors);
      },
    });
  }

  // The ids are the server's error keys (runSplits.0, roxzoneSeconds), so its errors land on the right field.
  // The placeholder says the format only: a time there would read as a filled-in value (docs/product.md#navigation).
  const timeInput = (id: string, label: string, value: string, set: (v: string) => void) => (
    <InputField
      id={id}
      label={label}
      labelClassName="text-xs"
      className="gap-1"
      error={errors[id]}
      inputMode="numeric"
      autoComplete="off"
      placeholder="m:ss"
      value={value}
      onChange={(e) => set(e.target.value)}
      inputClassName="font-mono tabular-nums"
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
        <legend className="text-sm font-medium">Splits in race order (m:ss)</legend>
        <p className="mt-1 text-xs text-muted-foreground">
          Each run is 1 km. In a simulation, leave a station empty if you skipped it.
        </p>
        <div className="mt-3 grid grid-cols-2 gap-x-3 gap-y-3 sm:gap-x-4">
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
      <Button type="submit" disabled={create.isPending || division === ''}>
        {create.isPending ? 'Saving...' : 'Save result'}
      </Button>
    </form>
  );
}

import { useId, useState } from 'react';
import { Link, useParams } from 'wouter';
import { ArrowLeft } from 'lucide-react';
import { paths, raceResultPath } from '@/app/paths';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { TimeInput } from '@/components/ui/time-input';
import { timeEntrySeconds } from '@/lib/time-entry';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { DIVISIONS, divisionLabel } from '@/lib/divisions';
import { useConfirmHyrox, useHyroxProposal, type HyroxProposal, type HyroxSaved, type Roxzone } from '../api/hyrox';
import { clock, STATIONS, sumMapping, TARGETS } from '../lib/hyrox';

/**
 * /import/hyrox/:id: an imported activity's laps mapped onto the 8 runs, 8
 * stations and the Roxzone (docs/import.md#hyrox-races-and-simulations). The
 * proposal is shown for the athlete to confirm or edit; laps that fit no layout
 * start unmapped. Saved as a simulation unless marked a race with its event.
 */
export default function HyroxImportPage() {
  const { id = '' } = useParams<{ id: string }>();
  const activityId = Number(id);
  const [roxzone, setRoxzone] = useState<Roxzone>('split');
  const proposal = useHyroxProposal(activityId, roxzone);
  const p = proposal.data;
  const [mapping, setMapping] = useState<string[]>([]);
  const [kind, setKind] = useState<'simulation' | 'race'>('simulation');
  const [eventName, setEventName] = useState('');
  const [division, setDivision] = useState('');
  const [date, setDate] = useState('');
  const [roxText, setRoxText] = useState('');
  const [saved, setSaved] = useState<HyroxSaved | null>(null);
  const confirm = useConfirmHyrox(activityId);
  const ids = { rox: useId(), kind: useId(), event: useId(), division: useId(), date: useId() };

  // A new proposal (first load, or the Roxzone choice changed) resets the
  // mapping to it; the athlete's edits apply on top.
  const [basis, setBasis] = useState<HyroxProposal | undefined>(undefined);
  if (p && p !== basis) {
    setBasis(p);
    setMapping(p.mapping.length ? p.mapping : p.laps.map(() => ''));
    if (!division) setDivision(p.division);
    if (!date) setDate(p.date);
  }

  const sums = p ? sumMapping(p.laps, mapping) : null;
  const apiError = confirm.error instanceof ApiError ? confirm.error : null;
  const problem = apiError ? Object.values(apiError.errors)[0] ?? apiError.message : confirm.error ? errorMessage(confirm.error) : '';
  const raceNeedsName = kind === 'race' && !eventName.trim();
  // With no lap mapped to the Roxzone, the athlete may give their Roxzone time
  // (a race needs one): the server takes it out of the runs.
  const roxAsked = sums !== null && sums.roxzone === 0;
  const roxSeconds = roxAsked && roxText.trim() ? timeEntrySeconds(roxText) : null;

  const save = () => {
    if (!p || raceNeedsName) return;
    confirm.mutate(
      { mapping, kind, eventName: eventName.trim() || undefined, division, date, roxzoneSeconds: roxSeconds ?? undefined },
      { onSuccess: (s) => setSaved(s) },
    );
  };

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10">
      <Link href={paths.imports} className="inline-flex items-center gap-1 text-sm font-semibold hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Import activities
      </Link>
      <header>
        <h1 className="text-3xl font-black tracking-tight sm:text-4xl">Save as a HYROX race</h1>
        {p && (
          <p className="mt-2 text-muted-foreground">
            {p.fileName} · {formatDateTime(p.startedAt)} · {clock(p.durationS)} · {p.laps.length} laps
          </p>
        )}
      </header>
      {proposal.isPending && <Skeleton className="h-96" />}
      {proposal.isError && (
        <p role="alert" className="text-destructive">
          {proposal.error instanceof ApiError && proposal.error.status === 404 ? 'This imported activity does not exist or is not yours.' : errorMessage(proposal.error)}
        </p>
      )}
      {saved && (
        <Card className="flex flex-col gap-2 p-5" role="status">
          <p className="font-semibold">
            Saved as a {saved.kind}: {saved.eventName}, {clock(saved.splits.totalSeconds)}.
          </p>
          <p className="text-sm">
            <Link href={raceResultPath(saved.raceResultId)} className="font-semibold underline">
              Open the result
            </Link>{' '}
            or see it in{' '}
            <Link href={paths.analytics} className="font-semibold underline">
              your analytics
            </Link>
            .
          </p>
        </Card>
      )}
      {p && !saved && p.raceResultId && (
        <p className="rounded-md border border-border p-4 text-sm">
          This activity is already saved as a HYROX result.{' '}
          <Link href={raceResultPath(p.raceResultId)} className="font-semibold underline">
            Open it
          </Link>
          .
        </p>
      )}
      {p && !saved && !p.raceResultId && sums && (
        <>
          {p.state === 'recognised' ? (
            <p className="text-sm">
              <Badge variant="success">Recognised</Badge> The laps follow the HYROX order. Check each lap and change any that is wrong.
            </p>
          ) : (
            <p className="text-sm" data-testid="hyrox-manual">
              <Badge variant="warning">Map by hand</Badge> {p.reason} Choose what each lap was.
            </p>
          )}
          {p.state === 'recognised' && p.laps.length > 17 && (
            <fieldset className="flex flex-wrap items-center gap-4 text-sm">
              <legend className="mb-1 font-semibold">Roxzone laps</legend>
              {(
                [
                  ['split', 'As Roxzone time'],
                  ['fold', 'Folded into the runs'],
                ] as const
              ).map(([value, label]) => (
                <label key={value} className="flex items-center gap-2">
                  <input type="radio" name={ids.rox} value={value} checked={roxzone === value} onChange={() => setRoxzone(value)} />
                  {label}
                </label>
              ))}
            </fieldset>
          )}

          <Card className="p-4">
            <ol className="flex flex-col gap-2" aria-label="Laps">
              {p.laps.map((lap, i) => (
                <li key={i} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                  <span className="w-14 font-semibold">Lap {i + 1}</span>
                  <span className="w-16 font-mono tabular-nums">{clock(lap.seconds)}</span>
                  <span className="w-16 text-muted-foreground tabular-nums">{lap.distanceM ? `${Math.round(lap.distanceM)} m` : ''}</span>
                  <Select
                    aria-label={`Lap ${i + 1} is`}
                    className="w-full sm:w-56"
                    value={mapping[i] ?? ''}
                    onChange={(e) => {
                      const v = e.currentTarget.value;
                      setMapping((m) => m.map((t, j) => (j === i ? v : t)));
                      confirm.reset();
                    }}
                  >
                    <option value="">Choose...</option>
                    {TARGETS.map((t) => (
                      <option key={t.value} value={t.value}>
                        {t.label}
                      </option>
                    ))}
                  </Select>
                </li>
              ))}
            </ol>
          </Card>

          <section aria-labelledby="hyrox-sums" className="flex flex-col gap-2">
            <h2 id="hyrox-sums" className="text-xl font-black">
              What it adds up to
            </h2>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4" data-testid="hyrox-sums">
              {STATIONS.map((s, i) => (
                <div key={s} className="contents">
                  <dt>Run {i + 1}</dt>
                  <dd className="font-mono tabular-nums">{sums.runs[i] ? clock(sums.runs[i]) : '-'}</dd>
                  <dt>{s}</dt>
                  <dd className="font-mono tabular-nums">{sums.stations[i] === null ? '-' : clock(sums.stations[i] ?? 0)}</dd>
                </div>
              ))}
              <dt>Roxzone</dt>
              <dd className="font-mono tabular-nums">{sums.roxzone ? clock(sums.roxzone) : '0:00 (inside the laps)'}</dd>
              <dt className="font-semibold">Total</dt>
              <dd className="font-mono font-semibold tabular-nums" data-testid="hyrox-total">
                {clock(sums.total)}
              </dd>
            </dl>
            {sums.unmapped > 0 && <p className="text-sm text-muted-foreground">{sums.unmapped} laps still to map.</p>}
          </section>

          <Card className="flex flex-col gap-4 p-5">
            <fieldset className="flex flex-wrap items-center gap-4 text-sm">
              <legend className="mb-1 font-semibold">Save as</legend>
              {(
                [
                  ['simulation', 'A simulation'],
                  ['race', 'A race'],
                ] as const
              ).map(([value, label]) => (
                <label key={value} className="flex items-center gap-2">
                  <input type="radio" name={ids.kind} value={value} checked={kind === value} onChange={() => setKind(value)} />
                  {label}
                </label>
              ))}
            </fieldset>
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="grid gap-2">
                <Label htmlFor={ids.event}>{kind === 'race' ? 'Event name' : 'Name (optional)'}</Label>
                <Input
                  id={ids.event}
                  value={eventName}
                  maxLength={100}
                  placeholder={kind === 'race' ? 'HYROX Berlin' : 'HYROX simulation'}
                  onChange={(e) => setEventName(e.currentTarget.value)}
                  aria-invalid={raceNeedsName || undefined}
                />
              </div>
              <div className="grid gap-2">
                <Label htmlFor={ids.division}>Division</Label>
                <Select id={ids.division} value={division} onChange={(e) => setDivision(e.currentTarget.value)}>
                  {DIVISIONS.map((d) => (
                    <option key={d} value={d}>
                      {divisionLabel(d)}
                    </option>
                  ))}
                </Select>
              </div>
              <div className="grid gap-2">
                <Label htmlFor={ids.date}>Date</Label>
                <Input id={ids.date} type="date" value={date} onChange={(e) => setDate(e.currentTarget.value)} />
              </div>
            </div>
            {roxAsked && (
              <TimeInput
                label="Roxzone time (optional; a race needs it)"
                value={roxText}
                onChange={setRoxText}
                className="sm:max-w-xs"
                readBack={(sec) => `${clock(sec)} of Roxzone, taken out of the runs in proportion`}
              />
            )}
            {raceNeedsName && <p className="text-sm text-muted-foreground">Name the event to save a race.</p>}
            <div>
              <Button type="button" size="lg" onClick={save} disabled={confirm.isPending || raceNeedsName || sums.unmapped > 0}>
                {confirm.isPending ? 'Saving...' : kind === 'race' ? 'Save race' : 'Save simulation'}
              </Button>
            </div>
            {problem && (
              <p role="alert" className="text-sm text-destructive">
                {problem}
              </p>
            )}
          </Card>
        </>
      )}
    </div>
  );
}

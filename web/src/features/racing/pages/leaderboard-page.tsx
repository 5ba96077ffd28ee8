import { useState } from 'react';
import { Link } from 'wouter';
import { Trophy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { QueryState } from '@/components/ui/query-state';
import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatNumber } from '@/lib/format';
import { useSessionUser } from '@/lib/session';
import { useDefaultBoard, useLeaderboard, useMyLeaderboardEntry, type RecordKind } from '../api/get-leaderboard';
import type { LeaderboardEntry } from '../api/types';
import { RecordTypeBadge } from '../components/record-type-badge';
import { DivisionOptions } from '../components/division-options';
import { PERIODS, VENUE_NOTE, divisionLabel, formatClock, type Period } from '../lib/race';

const LIMIT = 50;

const KINDS: { value: RecordKind; label: string }[] = [
  { value: 'race', label: 'Races' },
  { value: 'simulation', label: 'Simulations' },
];

/** A radio group of buttons (period, kind). */
function Toggle<T extends string>({ label, options, value, onChange }: { label: string; options: readonly { value: T; label: string }[]; value: T; onChange: (v: T) => void }) {
  return (
    <fieldset>
      <legend className="text-sm font-medium">{label}</legend>
      <div className="mt-2 inline-flex rounded-md border border-input p-1" role="radiogroup" aria-label={label}>
        {options.map((o) => (
          <button
            key={o.value}
            type="button"
            role="radio"
            aria-checked={value === o.value}
            onClick={() => onChange(o.value)}
            className={`rounded px-3 py-1.5 text-sm font-semibold ${value === o.value ? 'bg-primary text-primary-foreground' : 'hover:bg-muted'}`}
          >
            {o.label}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/** The time an entry is ranked by (a race's at an average venue, docs/analytics.md#venues), and the time as run when it differs. */
function TimeCell({ entry }: { entry: LeaderboardEntry }) {
  const corrected = entry.atAverageVenue;
  return (
    <span className="whitespace-nowrap font-mono tabular-nums">
      {formatClock(corrected ?? entry.time)}
      {corrected != null && <span className="block text-xs font-normal text-muted-foreground">{formatClock(entry.time)} as run</span>}
    </span>
  );
}

/** A board's row: an entry, and whether it is mine (highlighted, "You"; its rank may be capped: 1000+). */
type Row = { entry: LeaderboardEntry; me: boolean; capped?: boolean };

const COLUMNS: Column<Row>[] = [
  {
    header: 'Rank',
    cell: ({ entry, capped }) => (
      <span className="font-mono tabular-nums">
        {formatNumber(entry.rank)}
        {capped ? '+' : ''}
      </span>
    ),
  },
  {
    header: 'Athlete',
    className: '[overflow-wrap:anywhere]',
    cell: ({ entry, me }) => (
      <>
        {entry.username}
        {me && <span className="ml-2 rounded bg-primary px-1.5 py-0.5 text-xs text-primary-foreground">You</span>}
      </>
    ),
  },
  { header: 'Division', cell: ({ entry }) => divisionLabel(entry.division) },
  { header: 'Time', align: 'right', cell: ({ entry }) => <TimeCell entry={entry} /> },
  { header: 'Type', cell: ({ entry }) => <RecordTypeBadge type={entry.recordType} /> },
  { header: 'Date', cell: ({ entry }) => formatDate(`${entry.date}T12:00:00`) },
];

export default function LeaderboardPage() {
  const [period, setPeriod] = useState<Period>('week');
  const [kind, setKind] = useState<RecordKind>('race');
  // The board opens on my division (docs/product.md#racing); until I pick one, the server's default.
  const defaults = useDefaultBoard();
  const [picked, setPicked] = useState<string | null>(null);
  const division = picked ?? defaults.data?.division ?? '';
  const { data: user } = useSessionUser();
  const board = useLeaderboard({ period, division, kind, limit: LIMIT }, !!division);
  const mine = useMyLeaderboardEntry({ period, division, kind }, !!user && !!division);
  const myEntry = mine.data?.entry ?? null;
  const meInList = !!myEntry && (board.data ?? []).some((e) => e.id === myEntry.id);
  // The board's entries, then mine under them when I rank below the list (not on an empty board).
  const rows = (entries: LeaderboardEntry[]): Row[] => [
    ...entries.map((entry) => ({ entry, me: !!user && entry.userId === user.id })),
    ...(myEntry && !meInList && entries.length > 0 ? [{ entry: myEntry, me: true, capped: mine.data?.rankCapped }] : []),
  ];

  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="flex items-center gap-3 text-3xl font-black tracking-tight sm:text-4xl">
            <Trophy className="h-8 w-8 text-accent-text" aria-hidden="true" /> Leaderboard
          </h1>
          <p className="mt-2 text-muted-foreground">
            Each athlete's best complete race in the period, opening on your division; simulations are ranked apart. Equal times go to the earlier
            result.
          </p>
        </div>
        <Button asChild variant="outline">
          <Link href="/race-results">Add a result</Link>
        </Button>
      </div>

      <div className="mt-6 flex flex-wrap items-end gap-4">
        <Toggle label="Period" options={PERIODS} value={period} onChange={setPeriod} />
        <Toggle label="Type" options={KINDS} value={kind} onChange={setKind} />
        <FormField label="Division">
          {(control) => (
            <Select {...control} value={division} onChange={(e) => setPicked(e.target.value)} disabled={!division}>
              <option value="all">All divisions</option>
              <DivisionOptions />
            </Select>
          )}
        </FormField>
      </div>

      {kind === 'race' && !!board.data?.length && (
        <p className="mt-4 text-sm text-muted-foreground" data-testid="venue-note">
          {VENUE_NOTE}
        </p>
      )}
      {kind === 'simulation' && (
        <p className="mt-4 text-sm text-muted-foreground" data-testid="simulation-note">
          Simulations are self-reported training efforts: they are ranked here on their own, never against races.
        </p>
      )}

      {myEntry && (
        <p className="mt-6 rounded-md border border-accent-text bg-muted p-3 text-sm" data-testid="my-rank">
          Your rank: <strong>#{formatNumber(myEntry.rank)}{mine.data?.rankCapped ? '+' : ''}</strong> with {formatClock(myEntry.atAverageVenue ?? myEntry.time)} ({myEntry.recordType === 'race' ? 'race' : 'simulation'},{' '}
          {formatDate(`${myEntry.date}T12:00:00`)}).
        </p>
      )}

      <div className="mt-6 rounded-xl border border-border px-4 max-md:border-0 max-md:px-0">
        <QueryState
          query={board}
          pending={
            <div className="grid gap-3 py-4" aria-busy="true">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="h-5 w-full" />
              ))}
            </div>
          }
          error={(err) => (
            <p role="alert" className="px-4 py-6 text-center text-destructive">
              {errorMessage(err)}
            </p>
          )}
        >
          {(entries) => (
            <DataTable
              columns={COLUMNS}
              rows={rows(entries)}
              rowKey={({ entry, me }) => (me && !entries.includes(entry) ? `me-${entry.id}` : entry.id)}
              rowProps={({ me }) =>
                me ? { className: 'bg-yellow-100 font-semibold dark:bg-yellow-950', 'aria-current': 'true', 'data-testid': 'my-row' } : {}
              }
              caption={`Leaderboard, ${kind === 'race' ? 'races' : 'simulations'}, ${PERIODS.find((p) => p.value === period)?.label.toLowerCase()}, ${
                division === 'all' ? 'all divisions' : divisionLabel(division)
              }`}
              empty="No leaderboard data available"
            />
          )}
        </QueryState>
      </div>
    </div>
  );
}

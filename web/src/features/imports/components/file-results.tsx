import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import { importHyroxPath, workoutLogPath } from '@/app/paths';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatDateTime } from '@/lib/format';
import type { ImportActivityResult, ImportFileResult } from '../api/import-files';
import { problemsFirst, sportLabel } from '../lib/summary';

/** How many files a background import's results show before "Show all". */
export const RESULTS_SHOWN = 20;

/**
 * A background import's results (docs/import.md#background-imports): a Strava
 * archive has one per activity file, a thousand or more, so the files that
 * failed or hold a failed activity come first, and the first RESULTS_SHOWN
 * show until the athlete asks for all.
 */
export function BatchResults({ files }: { files: ImportFileResult[] }) {
  const [all, setAll] = useState(false);
  const sorted = useMemo(() => problemsFirst(files), [files]);
  const shown = all ? sorted : sorted.slice(0, RESULTS_SHOWN);
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col gap-3" aria-label="Background import results">
        {shown.map((f, i) => (
          <FileRow key={`${f.name}-${i}`} file={f} />
        ))}
      </ul>
      {shown.length < sorted.length && (
        <Button type="button" variant="outline" className="self-start" onClick={() => setAll(true)}>
          {`Show all ${sorted.length.toLocaleString('en-US')} files`}
        </Button>
      )}
    </div>
  );
}

export function FileRow({ file }: { file: ImportFileResult }) {
  return (
    <li>
      <Card className="p-4" data-testid="import-file">
        <p className="font-semibold break-all">{file.name}</p>
        {file.error ? (
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
            <Badge variant="danger">Failed</Badge>
            <span>
              {file.name} {file.error}
            </span>
          </p>
        ) : (
          <ul className="mt-2 flex flex-col gap-2">
            {file.activities.map((a, i) => (
              <ActivityRow key={i} activity={a} />
            ))}
          </ul>
        )}
      </Card>
    </li>
  );
}

const STATUS = {
  imported: { label: 'Imported', variant: 'success' },
  duplicate: { label: 'Skipped: duplicate', variant: 'warning' },
  failed: { label: 'Failed', variant: 'danger' },
} as const;

function ActivityRow({ activity: a }: { activity: ImportActivityResult }) {
  const s = STATUS[a.status];
  const km = a.distanceM >= 100 ? ` · ${(a.distanceM / 1000).toFixed(1)} km` : '';
  const what = `${sportLabel(a.sport)} · ${formatDateTime(a.startedAt)}${km}`;
  return (
    <li className="flex flex-wrap items-center gap-2 text-sm">
      <Badge variant={s.variant}>{s.label}</Badge>
      {a.logId ? (
        <Link href={workoutLogPath(a.logId)} className="underline">
          {what}
        </Link>
      ) : (
        <span>{what}</span>
      )}
      {a.plannedSessionId ? <span className="text-muted-foreground">(completed a planned session)</span> : null}
      {a.reason ? <span className="text-muted-foreground">{a.reason}</span> : null}
      {a.hyrox && a.activityId ? (
        <Link href={importHyroxPath(a.activityId)} className="font-semibold underline">
          {a.hyrox === 'recognised' ? `HYROX laps found (${a.laps}): save as a race or simulation` : `${a.laps} laps: map them to a HYROX race`}
        </Link>
      ) : null}
    </li>
  );
}

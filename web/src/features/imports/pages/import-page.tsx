import { useId, useMemo, useRef, useState, type DragEvent } from 'react';
import { Link } from 'wouter';
import { FileUp, X } from 'lucide-react';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';
import {
  importBatchesKey,
  runsInBackground,
  useImportBatches,
  useImportFiles,
  useQueueImport,
} from '../api/import-files';
import { BatchResults, FileRow } from '../components/file-results';
import { ImportProgress, shownBatch } from '../components/import-progress';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvent } from '@/lib/live';
import { throttle } from '@/lib/throttle';
import { ACCEPTED, importSummary } from '../lib/summary';
import { timeZone } from '@/lib/time-zone';

const MAX_HR_KEY = 'hyrox.import.maxHr';

function storedMaxHr(): string {
  try {
    return localStorage.getItem(MAX_HR_KEY) ?? '';
  } catch {
    return '';
  }
}

/**
 * Import activity files (docs/import.md): choose or drop watch files, TCX/GPX
 * exports or the Concept2 logbook CSV; each file's result is listed with links
 * to the new logs.
 */
export default function ImportPage() {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [dragging, setDragging] = useState(false);
  const [maxHr, setMaxHr] = useState(storedMaxHr);
  const upload = useImportFiles();
  const queue = useQueueImport();
  const batches = useImportBatches();
  const batch = shownBatch(batches.data);
  const qc = useQueryClient();
  // Each file read and the end of a background import come live (docs/live.md);
  // a fast import sends several a second, and the list is read again at most
  // once a second (docs/import.md#background-imports).
  const refresh = useMemo(() => throttle(() => void qc.invalidateQueries({ queryKey: importBatchesKey }), 1000), [qc]);
  useLiveEvent('import', refresh);

  const add = (list: FileList | null) => {
    if (!list) return;
    const picked = Array.from(list);
    setFiles((prev) => [...prev, ...picked.filter((f) => !prev.some((p) => p.name === f.name && p.size === f.size))]);
    upload.reset();
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    add(e.dataTransfer.files);
  };
  const hr = Number(maxHr);
  const hrInvalid = maxHr !== '' && (!Number.isInteger(hr) || hr < 100 || hr > 230);

  const submit = () => {
    if (!files.length || hrInvalid) return;
    try {
      if (maxHr) localStorage.setItem(MAX_HR_KEY, maxHr);
    } catch {
      // private mode: the value is simply not remembered
    }
    const options = { timeZone: timeZone(), maxHr: maxHr ? hr : undefined };
    if (runsInBackground(files)) {
      upload.reset();
      queue.mutate({ files, options }, { onSuccess: () => setFiles([]) });
      return;
    }
    upload.mutate({ files, options }, { onSuccess: () => setFiles([]) });
  };

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-8 px-4 py-10">
      <header>
        <h1 className="text-3xl font-black tracking-tight sm:text-4xl">Import activities</h1>
        <p className="mt-2 text-muted-foreground">
          Bring in sessions from your watch or apps: FIT, TCX and GPX files (also as .gz), your Strava export (.zip) and the Concept2 logbook CSV. Each
          activity becomes a workout log and completes the day&apos;s planned session. GPS tracks are not kept.
        </p>
      </header>

      <Card className="flex flex-col gap-5 p-5">
        <div
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={cn(
            'flex flex-col items-center gap-3 rounded-lg border-2 border-dashed border-input p-6 text-center',
            dragging && 'border-primary bg-muted',
          )}
          data-testid="import-dropzone"
        >
          <FileUp className="h-8 w-8 text-muted-foreground" aria-hidden="true" />
          <p className="text-sm">Drop files here, or</p>
          <Label htmlFor={inputId} className="sr-only">
            Activity files
          </Label>
          <input
            id={inputId}
            ref={input}
            type="file"
            multiple
            accept={ACCEPTED}
            className="sr-only"
            onChange={(e) => {
              add(e.currentTarget.files);
              e.currentTarget.value = '';
            }}
          />
          <Button type="button" variant="outline" onClick={() => input.current?.click()}>
            Choose files
          </Button>
          <p className="text-xs text-muted-foreground">Up to 20 files at a time, 25 MB each.</p>
        </div>

        {files.length > 0 && (
          <ul className="flex flex-col gap-2" aria-label="Files to import">
            {files.map((f) => (
              <li key={`${f.name}-${f.size}`} className="flex items-center justify-between gap-2 rounded-md border border-border px-3 py-2 text-sm">
                <span className="min-w-0 truncate">{f.name}</span>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove ${f.name}`}
                  onClick={() => setFiles((prev) => prev.filter((p) => p !== f))}
                >
                  <X className="h-4 w-4" aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        )}

        <div className="grid gap-2 sm:max-w-xs">
          <Label htmlFor="import-max-hr">Your max heart rate (optional)</Label>
          <Input
            id="import-max-hr"
            inputMode="numeric"
            value={maxHr}
            onChange={(e) => setMaxHr(e.currentTarget.value.trim())}
            aria-invalid={hrInvalid || undefined}
            aria-describedby="import-max-hr-help"
          />
          <p id="import-max-hr-help" className={cn('text-xs', hrInvalid ? 'text-destructive' : 'text-muted-foreground')}>
            {hrInvalid ? 'Max heart rate must be between 100 and 230' : 'Used for the time in heart-rate zones.'}
          </p>
        </div>

        <div>
          <Button type="button" size="lg" onClick={submit} disabled={!files.length || hrInvalid || upload.isPending || queue.isPending}>
            {upload.isPending || queue.isPending ? 'Importing...' : files.length > 1 ? `Import ${files.length} files` : 'Import'}
          </Button>
        </div>
        {(upload.error ?? queue.error) && (
          <p role="alert" className="text-sm text-destructive">
            {(upload.error ?? queue.error)!.message}
          </p>
        )}
      </Card>

      {batch && !upload.data && <ImportProgress batch={batch} />}
      {batch?.status === 'done' && !upload.data && batch.files.length > 0 && (
        <BatchResults files={batch.files} />
      )}

      {upload.data && (
        <section aria-labelledby="import-results" className="flex flex-col gap-4">
          <h2 id="import-results" className="text-xl font-black">
            Results
          </h2>
          <p role="status" className="font-semibold">
            {importSummary(upload.data)}
          </p>
          <ul className="flex flex-col gap-3">
            {upload.data.files.map((f, i) => (
              <FileRow key={`${f.name}-${i}`} file={f} />
            ))}
          </ul>
          <p className="text-sm">
            <Link href={paths.workoutLogs} className="font-semibold underline">
              See your logs
            </Link>{' '}
            or{' '}
            <Link href={paths.calendar} className="font-semibold underline">
              the calendar
            </Link>
            .
          </p>
        </section>
      )}
    </div>
  );
}

import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Card } from '@/components/ui/card';
import type { ImportBatch } from '../api/import-files';
import { archiveLine, filesDone } from '../lib/progress';

/** How long a finished background import stays on the page after a reload. */
const SHOW_DONE_MS = 60 * 60 * 1000;

/** The latest background import worth showing: one under way, or one finished within the hour. */
export function shownBatch(batches: ImportBatch[] | undefined, now = Date.now()): ImportBatch | undefined {
  const b = batches?.[0];
  if (!b) return undefined;
  return b.status !== 'done' || now - Date.parse(b.updatedAt) < SHOW_DONE_MS ? b : undefined;
}

/**
 * A background import's progress (docs/import.md#background-imports): files
 * read of the total, the activity files read inside a Strava archive, and
 * what became of the activities so far. When it
 * finishes, every cached read is refreshed (logs, calendar, load, home).
 */
export function ImportProgress({ batch }: { batch: ImportBatch }) {
  const qc = useQueryClient();
  const wasRunning = useRef(batch.status !== 'done');
  useEffect(() => {
    if (batch.status === 'done' && wasRunning.current) {
      wasRunning.current = false;
      void qc.invalidateQueries();
    }
  }, [batch.status, qc]);
  const done = batch.status === 'done';
  const archive = archiveLine(batch);
  return (
    <Card className="flex flex-col gap-3 p-5" aria-labelledby="import-progress">
      <h2 id="import-progress" className="text-xl font-black">
        {done ? 'Import finished' : 'Importing in the background'}
      </h2>
      <progress className="h-3 w-full accent-primary" value={filesDone(batch)} max={Math.max(batch.filesTotal, 1)} aria-labelledby="import-progress" />
      <p role="status" className="text-sm">
        {`Files read: ${batch.filesRead} of ${batch.filesTotal} · Imported: ${batch.imported} · Skipped (already there): ${batch.duplicates} · Failed: ${batch.failed}`}
      </p>
      {archive && <p className="text-sm">{archive}</p>}
      {!done && <p className="text-xs text-muted-foreground">You can leave this page or reload it: the import goes on, and this shows how far it got.</p>}
    </Card>
  );
}

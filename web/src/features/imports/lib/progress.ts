import { formatNumber } from '@/lib/format';
import type { components } from '@/lib/api-types';

type Batch = Pick<components['schemas']['ImportBatch'], 'filesRead' | 'filesTotal' | 'archive'>;

/**
 * How far the progress bar is, in files: the files read, plus the share of
 * the Strava archive being read (one file of many activities, which would
 * otherwise hold the bar still for minutes).
 */
export function filesDone(batch: Batch): number {
  const a = batch.archive;
  const inArchive = a && a.total > 0 && a.read < a.total ? a.read / a.total : 0;
  return Math.min(batch.filesRead + inArchive, batch.filesTotal);
}

/** "Activities read from export.zip: 312 of 1,024" (docs/import.md#background-imports). */
export function archiveLine(batch: Batch): string | undefined {
  const a = batch.archive;
  if (!a) return undefined;
  return `Activities read from ${a.name}: ${formatNumber(a.read)} of ${formatNumber(a.total)}`;
}

import type { ImportFileResult, ImportResult } from '../api/import-files';

/** "2 imported, 1 skipped as a duplicate, 1 failed": the counts that are not zero. */
export function importSummary(r: Pick<ImportResult, 'imported' | 'duplicates' | 'failed'>): string {
  const parts: string[] = [];
  if (r.imported) parts.push(`${r.imported} imported`);
  if (r.duplicates) parts.push(`${r.duplicates} skipped as ${r.duplicates === 1 ? 'a duplicate' : 'duplicates'}`);
  if (r.failed) parts.push(`${r.failed} failed`);
  return parts.length ? parts.join(', ') : 'Nothing to import';
}

const SPORTS: Record<string, string> = {
  run: 'Run',
  bike: 'Bike',
  row: 'RowErg',
  ski: 'SkiErg',
  swim: 'Swim',
  walk: 'Walk',
  hike: 'Hike',
  strength: 'Strength',
  other: 'Workout',
};

/** The sport's name as the imported log carries it. */
export function sportLabel(sport: string): string {
  return SPORTS[sport] ?? sport;
}

/** The accepted file names (docs/import.md#formats). */
export const ACCEPTED = '.fit,.tcx,.gpx,.gz,.csv,.zip';

/** The files that failed or hold a failed activity first, each group in its order. */
export function problemsFirst(files: ImportFileResult[]): ImportFileResult[] {
  const failed = (f: ImportFileResult) => Boolean(f.error) || f.activities.some((a) => a.status === 'failed');
  return [...files.filter(failed), ...files.filter((f) => !failed(f))];
}

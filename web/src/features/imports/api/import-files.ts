import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { components } from '@/lib/api-types';

export type ImportResult = components['schemas']['ImportResult'];
export type ImportFileResult = components['schemas']['ImportFileResult'];
export type ImportActivityResult = components['schemas']['ImportActivityResult'];

export type ImportOptions = {
  /** The browser's IANA zone: the log's day and the Concept2 dates (docs/import.md). */
  timeZone?: string;
  /** The athlete's maximum heart rate, for the time in zones. */
  maxHr?: number;
};

/** POST /api/imports: the files as multipart parts named `files`. */
export function importFiles(files: readonly File[], options: ImportOptions = {}): Promise<ImportResult> {
  const body = new FormData();
  for (const f of files) body.append('files', f, f.name);
  const query = new URLSearchParams();
  if (options.timeZone) query.set('timeZone', options.timeZone);
  if (options.maxHr) query.set('maxHr', String(options.maxHr));
  const qs = query.toString();
  return apiFetch<ImportResult>(`/api/imports${qs ? `?${qs}` : ''}`, { method: 'POST', body });
}

/**
 * Imports files; afterwards every cached read is stale (the logs, the calendar,
 * the load, the records and the home all change), so all are refreshed.
 */
export function useImportFiles() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ files, options }: { files: readonly File[]; options: ImportOptions }) => importFiles(files, options),
    onSuccess: () => qc.invalidateQueries(),
  });
}

export type ImportBatch = components['schemas']['ImportBatch'];

/** A Strava archive or many files import in the background (docs/import.md#background-imports). */
export function runsInBackground(files: readonly File[]): boolean {
  return files.length > 5 || files.some((f) => f.name.toLowerCase().endsWith('.zip'));
}

/** POST /api/imports/batches: the files queued as a background import. */
export function queueImport(files: readonly File[], options: ImportOptions = {}): Promise<ImportBatch> {
  const body = new FormData();
  for (const f of files) body.append('files', f, f.name);
  const query = new URLSearchParams();
  if (options.timeZone) query.set('timeZone', options.timeZone);
  if (options.maxHr) query.set('maxHr', String(options.maxHr));
  const qs = query.toString();
  return apiFetch<ImportBatch>(`/api/imports/batches${qs ? `?${qs}` : ''}`, { method: 'POST', body });
}

export const importBatchesKey = ['/api/imports/batches'] as const;

/**
 * GET /api/imports/batches: my latest background imports. While one runs it
 * is asked for again every 1.5 s (live `import` events refresh it sooner).
 */
export function useImportBatches() {
  return useQuery({
    queryKey: importBatchesKey,
    queryFn: ({ signal }) => apiFetch<ImportBatch[]>('/api/imports/batches', { signal }),
    refetchInterval: (q) => (q.state.data?.some((b) => b.status !== 'done') ? 1500 : false),
  });
}

export function useQueueImport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ files, options }: { files: readonly File[]; options: ImportOptions }) => queueImport(files, options),
    onSuccess: (b) => qc.setQueryData<ImportBatch[]>(importBatchesKey, (old) => [b, ...(old ?? [])].slice(0, 5)),
  });
}

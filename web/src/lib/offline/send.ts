/**
 * Writes that work without a connection (docs/offline.md#the-outbox): sent at
 * once with an Idempotency-Key when the device is online and nothing waits
 * before them; otherwise kept in the outbox and sent later, in order.
 */
import { ApiError, apiFetch } from '../api-client';
import { addToOutbox, flushOutbox, listOutbox, newKey, SYNC_TAG, type OutboxKind } from './outbox';

/** The answer of a write kept on the device. */
export type Queued = { queued: true; label: string };

export function isQueued(v: unknown): v is Queued {
  return typeof v === 'object' && v !== null && (v as Queued).queued === true;
}

/** Shown after a write was kept on the device. */
export const QUEUED_TEXT = 'Saved on this device: waiting to send. It is sent when the connection returns.';

export type OfflineWrite = {
  kind: OutboxKind;
  method: 'POST' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  userId: number;
  label: string;
  /** The body as kept on the device (a log gets the time it was made). */
  whenKept?: (body: unknown) => unknown;
};

/** Asks the service worker to send the outbox when the connection returns (Background Sync), where the browser has it. */
export async function requestSync() {
  try {
    const reg = await navigator.serviceWorker?.getRegistration();
    const sync = (reg as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined)?.sync;
    await sync?.register(SYNC_TAG);
  } catch {
    // no Background Sync: the app sends on its next open or 'online' event
  }
}

export async function sendOrQueue<T>(w: OfflineWrite): Promise<T | Queued> {
  const key = newKey();
  const keep = async (): Promise<Queued> => {
    const body = w.whenKept ? w.whenKept(w.body) : w.body;
    await addToOutbox({ key, userId: w.userId, kind: w.kind, method: w.method, path: w.path, body, label: w.label });
    void requestSync();
    return { queued: true, label: w.label };
  };
  // Writes go out in the order made: behind any still waiting (none when the browser has no IndexedDB).
  const waiting = (await listOutbox().catch(() => [])).some((i) => i.state === 'waiting' && i.userId === w.userId);
  if (!navigator.onLine || waiting) {
    const q = await keep();
    if (navigator.onLine) void flushOutbox();
    return q;
  }
  try {
    return await apiFetch<T>(w.path, { method: w.method, body: w.body, headers: { 'Idempotency-Key': key } });
  } catch (err) {
    if (err instanceof ApiError) throw err;
    return keep(); // the request did not reach the server (or its answer got lost): the same key is sent again later
  }
}

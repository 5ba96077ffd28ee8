/**
 * The outbox: writes made without a connection (workout logs, food entries
 * and their quick edits) wait on the device in IndexedDB and are sent in the
 * order made, each with its Idempotency-Key, when the connection returns
 * (docs/offline.md#the-outbox). The page and the service worker both send
 * from here; a Web Lock keeps one sender at a time, and the keys make any
 * repeat harmless.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

export type OutboxKind = 'workout-log' | 'food-entry';

export interface OutboxItem {
  /** Order of making (IndexedDB auto-increment). */
  seq?: number;
  /** The Idempotency-Key sent with every try. */
  key: string;
  userId: number;
  kind: OutboxKind;
  method: 'POST' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  /** What the item is, for the list ("Wall balls 30 min"). */
  label: string;
  createdAt: string;
  /** 'waiting' until sent; 'failed' when the server refused it (message says why). */
  state: 'waiting' | 'failed';
  message?: string;
}

interface OutboxDB extends DBSchema {
  items: { key: number; value: OutboxItem };
}

const DB_NAME = 'hyrox-outbox';
/** The Background Sync tag the service worker listens for. */
export const SYNC_TAG = 'hyrox-outbox';
/** Posted to pages (BroadcastChannel) when the outbox changed or something was sent. */
export const CHANNEL = 'hyrox-outbox';
export { API_CACHE } from './cache-name';

let dbPromise: Promise<IDBPDatabase<OutboxDB>> | null = null;
function db() {
  dbPromise ??= openDB<OutboxDB>(DB_NAME, 1, {
    upgrade(d) {
      d.createObjectStore('items', { keyPath: 'seq', autoIncrement: true });
    },
  });
  return dbPromise;
}

/** Tells the open pages the outbox changed; answered tells that the server answered some items (their data changed). */
function announce(answered = 0) {
  if (typeof BroadcastChannel === 'undefined') return;
  const ch = new BroadcastChannel(CHANNEL);
  ch.postMessage({ type: 'changed', answered });
  ch.close();
}

/** Every item, oldest first. */
export async function listOutbox(): Promise<OutboxItem[]> {
  return (await db()).getAll('items');
}

export async function addToOutbox(item: Omit<OutboxItem, 'seq' | 'state' | 'createdAt'>): Promise<OutboxItem> {
  const full: OutboxItem = { ...item, state: 'waiting', createdAt: new Date().toISOString() };
  full.seq = await (await db()).add('items', full);
  announce();
  return full;
}

export async function discardOutboxItem(seq: number) {
  await (await db()).delete('items', seq);
  announce();
}

/** Empties the outbox (signing out: nothing of this user stays on the device). */
export async function clearOutbox() {
  await (await db()).clear('items');
  announce();
}

export type FlushResult = { sent: number; failed: number; waiting: number };

async function withLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  if (!locks) return fn();
  return locks.request(DB_NAME, fn);
}

/** Who is signed in now (null: nobody, or no connection). Items of another user are never sent. */
async function sessionUserId(): Promise<number | null> {
  try {
    const res = await fetch('/api/user', { credentials: 'include', headers: { Accept: 'application/json' }, cache: 'no-store' });
    if (!res.ok) return null;
    const u = (await res.json()) as { id?: number };
    return typeof u.id === 'number' ? u.id : null;
  } catch {
    return null;
  }
}

function messageOf(status: number, text: string): string {
  try {
    const m = (JSON.parse(text) as { message?: unknown }).message;
    if (typeof m === 'string' && m) return m;
  } catch {
    // not JSON
  }
  return `The server answered ${status}.`;
}

/**
 * Sends the waiting items in the order made. Stops at the first item that
 * cannot be sent now (no connection, a server error, a rate limit, the same
 * key still running); an item the server refuses (gone meanwhile, invalid) is
 * marked failed with the server's message and the next is sent.
 */
export async function flushOutbox(): Promise<FlushResult> {
  return withLock(async () => {
    const d = await db();
    const items = (await d.getAll('items')).filter((i) => i.state === 'waiting');
    const result: FlushResult = { sent: 0, failed: 0, waiting: items.length };
    if (items.length === 0) return result;
    const me = await sessionUserId();
    if (me == null) return result;
    for (const item of items) {
      if (item.userId !== me) continue;
      let res: Response;
      try {
        res = await fetch(item.path, {
          method: item.method,
          credentials: 'include',
          headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'Idempotency-Key': item.key },
          body: item.body === undefined ? undefined : JSON.stringify(item.body),
        });
      } catch {
        break; // no connection: the rest waits, in order
      }
      const text = await res.text();
      if (res.ok) {
        await d.delete('items', item.seq!);
        result.sent++;
        result.waiting--;
        continue;
      }
      const retryLater = res.status >= 500 || res.status === 429 || res.status === 401 || (res.status === 409 && res.headers.has('Retry-After'));
      if (retryLater) break;
      await d.put('items', { ...item, state: 'failed', message: messageOf(res.status, text) });
      result.failed++;
      result.waiting--;
    }
    announce(result.sent + result.failed);
    return result;
  });
}

/** A fresh Idempotency-Key. */
export function newKey(): string {
  return crypto.randomUUID();
}

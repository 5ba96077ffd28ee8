import { API_CACHE, clearOutbox, flushOutbox } from './outbox';

/** Before signing out: the writes still waiting are sent while the session lasts. */
export async function sendBeforeSignOut() {
  try {
    await flushOutbox();
  } catch {
    // nothing to send, or no IndexedDB
  }
}

/**
 * After signing out nothing of this user stays on the device
 * (docs/offline.md#signing-out): the cached API answers and the outbox go.
 */
export async function clearOfflineData() {
  await Promise.allSettled([typeof caches === 'undefined' ? Promise.resolve(true) : caches.delete(API_CACHE), clearOutbox()]);
}

import { useSyncExternalStore } from 'react';

// What every page needs but no first paint does (the user menu's dropdown,
// the live stream, the outbox and update prompt) waits for the first page to
// be on screen: before it, their chunks and their work would share the link and
// the main thread with the page itself (docs/product.md#first-data-with-the-html).

let shown = false;
const listeners = new Set<() => void>();
const waiting: Array<() => void> = [];

/**
 * Called once a page has rendered its content: the next frame has painted it,
 * and a task later the waiting parts mount. Later calls do nothing. Every
 * screen a route can end on calls it: a page (router.tsx), a locked page and
 * the session's error (guard.tsx), the not-found page.
 */
export function markPageShown(): void {
  if (shown) return;
  requestAnimationFrame(() =>
    setTimeout(() => {
      shown = true;
      listeners.forEach((l) => l());
      // Each in a task of its own: together they would make one long task.
      waiting.splice(0).forEach((run) => setTimeout(run));
    }),
  );
}

/** Runs work no first paint needs once the first page is on screen (at once if it is). */
export function whenPageShown(run: () => void): void {
  if (shown) run();
  else waiting.push(run);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once the first page is on screen (markPageShown); false in the build's render. */
export function usePageShown(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => shown,
    () => false,
  );
}

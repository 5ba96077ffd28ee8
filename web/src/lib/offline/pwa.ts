/**
 * Registers the service worker (docs/offline.md#updates). Loaded lazily after
 * the page has loaded, so it costs the landing page nothing up front. A new
 * build's worker waits; the app shows "A new version is ready" and reloads
 * into it when the athlete asks.
 */
import { Workbox } from 'workbox-window';

/** Fired on window when a new version waits (UpdatePrompt listens). */
export const UPDATE_EVENT = 'hyrox:update-ready';

let wb: Workbox | null = null;
let updateReady = false;

/** Whether a new version already waits (a prompt mounted late still shows). */
export function isUpdateReady() {
  return updateReady;
}

function announceUpdate() {
  updateReady = true;
  window.dispatchEvent(new Event(UPDATE_EVENT));
}

export function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || wb) return;
  wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', announceUpdate);
  wb.register()
    .then((reg) => {
      // A worker already waiting from an earlier visit: offer it too.
      if (reg?.waiting && navigator.serviceWorker.controller) announceUpdate();
      // Look for a new build when the app comes back to the front (a phone app stays open for days).
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') void reg?.update();
      });
    })
    // A browser may refuse a worker (private windows, policies): the app then
    // works online only, as before; nothing for the athlete to act on.
    .catch(() => {
      wb = null;
    });
}

/** Activates the waiting worker and reloads into the new version. */
export function applyUpdate() {
  if (!wb) return window.location.reload();
  wb.addEventListener('controlling', () => window.location.reload());
  wb.messageSkipWaiting();
}

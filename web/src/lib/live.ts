import { useEffect, useRef } from 'react';
import { takeLiveLastEventId } from './first-data';

/**
 * The app's one live stream (docs/live.md): an EventSource on /api/live while
 * a member is signed in, carrying every kind of event the areas publish
 * (messages, bookings, answers, ...). Areas listen by name with
 * useLiveEvent; the layout opens the stream with useLiveStream.
 *
 * The browser reconnects by itself and sends Last-Event-ID, so nothing is
 * missed then. A new stream starts from now: what was published while the
 * page loaded, or while a refused stream waited, is not sent, so areas re-read
 * what their events keep fresh when one opens (useLiveOpen); except the
 * page's first stream when the page came with its first data, which resumes
 * from the event those reads saw. A refused stream (429 too many tabs, 503 a busy server:
 * docs/security.md#live-streams) is not retried by the browser; it is asked
 * for again after 30 s, then twice as long each time up to 10 min.
 */
export const LIVE_RETRY_FIRST_MS = 30_000;
export const LIVE_RETRY_MAX_MS = 600_000;
export const LIVE_URL = '/api/live';

type Listener = (data: unknown) => void;
const listeners = new Map<string, Set<Listener>>();
const openListeners = new Set<() => void>();
let current: EventSource | undefined;

function attach(es: EventSource, name: string) {
  es.addEventListener(name, (ev) => {
    let data: unknown;
    try {
      data = JSON.parse((ev as MessageEvent<string>).data);
    } catch {
      return;
    }
    for (const fn of listeners.get(name) ?? []) fn(data);
  });
}

/** Calls onEvent with the data of every live event called name while mounted. */
export function useLiveEvent<T>(name: string, onEvent: (data: T) => void) {
  const latest = useRef(onEvent);
  useEffect(() => {
    latest.current = onEvent;
  });
  useEffect(() => {
    const fn: Listener = (data) => latest.current(data as T);
    let set = listeners.get(name);
    if (!set) {
      set = new Set();
      listeners.set(name, set);
      if (current) attach(current, name);
    }
    set.add(fn);
    return () => {
      set.delete(fn);
    };
  }, [name]);
}

/**
 * Calls onOpen each time a new stream opens (not on the browser's own
 * reconnects, which resume from Last-Event-ID): the events published before
 * it are not sent, so read again what they would have changed.
 */
export function useLiveOpen(onOpen: () => void) {
  const latest = useRef(onOpen);
  useEffect(() => {
    latest.current = onOpen;
  });
  useEffect(() => {
    const fn = () => latest.current();
    openListeners.add(fn);
    return () => {
      openListeners.delete(fn);
    };
  }, []);
}

/** Keeps the live stream open while enabled (signed in); disabling it (sign-out) closes it. */
export function useLiveStream(enabled: boolean) {
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let es: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let wait = LIVE_RETRY_FIRST_MS;
    const open = () => {
      clearTimeout(retry);
      es?.close();
      // The page's first data was read up to this event: the stream resumes
      // after it, so nothing needs reading again (lib/first-data.ts).
      const resume = takeLiveLastEventId();
      const url = resume === undefined ? LIVE_URL : `${LIVE_URL}?lastEventId=${resume}`;
      const stream = new EventSource(url, { withCredentials: true });
      es = current = stream;
      for (const name of listeners.keys()) attach(stream, name);
      let fresh = resume === undefined;
      stream.addEventListener('open', () => {
        wait = LIVE_RETRY_FIRST_MS;
        if (!fresh) return; // the browser's reconnect: resumed from Last-Event-ID
        fresh = false;
        for (const fn of openListeners) fn();
      });
      stream.addEventListener('error', () => {
        if (stream.readyState !== EventSource.CLOSED) return; // the browser reconnects by itself
        retry = setTimeout(open, wait);
        wait = Math.min(wait * 2, LIVE_RETRY_MAX_MS);
      });
    };
    open();
    return () => {
      clearTimeout(retry);
      es?.close();
      if (current === es) current = undefined;
    };
  }, [enabled]);
}

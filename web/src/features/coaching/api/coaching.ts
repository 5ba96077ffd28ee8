import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiFetch } from '@/lib/api-client';
import type { components } from '@/lib/api-types';

export type Coach = components['schemas']['Coach'];
export type Thread = components['schemas']['CoachingThread'];
export type Message = components['schemas']['CoachingMessage'];
export type Overview = components['schemas']['CoachingOverview'];
export type ThreadMessages = { thread: Thread; messages: Message[] };

/** Every coaching query key starts with this (docs/coaching.md). */
export const COACHING_KEY = ['/api/coaching'] as const;
const coachesKey = [...COACHING_KEY, 'coaches'] as const;
const unreadKey = [...COACHING_KEY, 'unread'] as const;
export const threadKey = (id: number) => [...COACHING_KEY, 'threads', id] as const;

/** Limit of one message (docs/coaching.md); the server checks it too. */
export const MAX_MESSAGE_CHARS = 4000;

export function useOverview() {
  return useQuery({ queryKey: COACHING_KEY, queryFn: ({ signal }) => apiFetch<Overview>('/api/coaching', { signal }) });
}

export function useCoaches() {
  return useQuery({ queryKey: coachesKey, queryFn: ({ signal }) => apiFetch<Coach[]>('/api/coaching/coaches', { signal }) });
}

/**
 * GET /api/coaching/unread: the count the top bar shows beside Coaching.
 * `enabled` false (visitors, members below elite) asks nothing.
 */
export function useUnread(enabled = true) {
  return useQuery({
    queryKey: unreadKey,
    enabled,
    queryFn: ({ signal }) => apiFetch<{ unread: number }>('/api/coaching/unread', { signal }),
  });
}

export function useChooseCoach() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (coachId: number) => apiFetch<Thread>('/api/coaching/coach', { method: 'PUT', body: { coachId } }),
    onSuccess: () => {
      reopenLiveMessages(); // live messages start with the coaching
      return qc.invalidateQueries({ queryKey: COACHING_KEY });
    },
  });
}

export function useThread(id: number | undefined) {
  return useQuery({
    queryKey: threadKey(id ?? 0),
    enabled: !!id,
    queryFn: ({ signal }) => apiFetch<ThreadMessages>(`/api/coaching/threads/${id}/messages`, { signal }),
  });
}

/** Adds a message to the cached thread once (live events and the POST answer may both bring it). */
function addMessage(old: ThreadMessages | undefined, m: Message): ThreadMessages | undefined {
  if (!old || old.messages.some((x) => x.id === m.id)) return old;
  return { ...old, messages: [...old.messages, m] };
}

export function useSendMessage(threadId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      apiFetch<Message>(`/api/coaching/threads/${threadId}/messages`, { method: 'POST', body: { body } }),
    onSuccess: (m) => qc.setQueryData<ThreadMessages>(threadKey(threadId), (old) => addMessage(old, m)),
  });
}

export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (threadId: number) => apiFetch<Thread>(`/api/coaching/threads/${threadId}/read`, { method: 'POST' }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: COACHING_KEY, exact: true });
      void qc.invalidateQueries({ queryKey: unreadKey });
    },
  });
}

/** The first wait before a refused stream is asked for again, and the longest. */
export const LIVE_RETRY_FIRST_MS = 30_000;
export const LIVE_RETRY_MAX_MS = 600_000;

/** Set while a live stream hook is mounted: asks for a refused stream again at once. */
let reopenLive: (() => void) | undefined;

/**
 * Asks for the live stream again now (an athlete who just chose a coach has
 * something live from now on).
 */
export function reopenLiveMessages() {
  reopenLive?.();
}

/**
 * Live messages: one EventSource on /api/coaching/events while mounted and
 * enabled. The browser reconnects by itself and sends Last-Event-ID, so
 * nothing is missed. The app keeps one for every page (LiveCoaching, in the
 * layout); disabling it (sign-out) closes it.
 *
 * A refused stream (403 nothing live yet, 429 too many tabs, 503 a busy
 * server: docs/security.md#live-streams) is not retried by the browser; it
 * is asked for again after 30 s, then twice as long each time up to 10 min,
 * and at once after choosing a coach.
 */
export function useLiveMessages(enabled = true, onMessage?: (m: Message) => void) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let es: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let wait = LIVE_RETRY_FIRST_MS;
    const open = () => {
      clearTimeout(retry);
      es?.close();
      const stream = new EventSource('/api/coaching/events', { withCredentials: true });
      es = stream;
      stream.addEventListener('open', () => {
        wait = LIVE_RETRY_FIRST_MS;
      });
      stream.addEventListener('message', (ev) => {
        const m = JSON.parse((ev as MessageEvent<string>).data) as Message;
        qc.setQueryData<ThreadMessages>(threadKey(m.threadId), (old) => addMessage(old, m));
        void qc.invalidateQueries({ queryKey: COACHING_KEY, exact: true });
        void qc.invalidateQueries({ queryKey: unreadKey });
        onMessage?.(m);
      });
      stream.addEventListener('error', () => {
        if (stream.readyState !== EventSource.CLOSED) return; // the browser reconnects by itself
        retry = setTimeout(open, wait);
        wait = Math.min(wait * 2, LIVE_RETRY_MAX_MS);
      });
    };
    open();
    const reopen = () => {
      if (es?.readyState === EventSource.CLOSED) open();
    };
    reopenLive = reopen;
    return () => {
      clearTimeout(retry);
      es?.close();
      if (reopenLive === reopen) reopenLive = undefined;
    };
  }, [qc, enabled, onMessage]);
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
export const unreadKey = [...COACHING_KEY, 'unread'] as const;
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
    onSuccess: () => qc.invalidateQueries({ queryKey: COACHING_KEY }),
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
export function addMessage(old: ThreadMessages | undefined, m: Message): ThreadMessages | undefined {
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

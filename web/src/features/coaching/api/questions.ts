import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { components } from '@/lib/api-types';

export type Question = components['schemas']['CoachQuestion'];
export type Answer = components['schemas']['CoachAnswer'];

export const QUESTIONS_KEY = ['/api/coaching/questions'] as const;
const queueKey = [...QUESTIONS_KEY, 'queue'] as const;

/** Limits (docs/coaching.md#ask-a-coach); the server checks them too. */
export const MAX_QUESTION_CHARS = 2000;
export const MAX_ANSWER_CHARS = 4000;

export function useMyQuestions() {
  return useQuery({ queryKey: QUESTIONS_KEY, queryFn: ({ signal }) => apiFetch<Question[]>('/api/coaching/questions', { signal }) });
}

export function useAsk() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => apiFetch<Question>('/api/coaching/questions', { method: 'POST', body: { body } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: QUESTIONS_KEY }),
  });
}

/** The coaches' queue: priority (pro and elite) first, then the oldest. */
export function useQueue() {
  return useQuery({ queryKey: queueKey, queryFn: ({ signal }) => apiFetch<Question[]>('/api/coaching/questions/queue', { signal }) });
}

export function useAnswer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: string }) =>
      apiFetch<Answer>(`/api/coaching/questions/${id}/answers`, { method: 'POST', body: { body } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: QUESTIONS_KEY }),
  });
}

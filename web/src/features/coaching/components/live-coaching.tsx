import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvent, useLiveOpen } from '@/lib/live';
import { addMessage, COACHING_KEY, threadKey, unreadKey, type Message, type ThreadMessages } from '../api/coaching';
import { QUESTIONS_KEY } from '../api/questions';

/**
 * Coaching's live events (docs/live.md), heard on the app's one stream on
 * every page: a new message lands in its open thread and the top bar's
 * unread badge; a booking made or cancelled by the other side and a coach's
 * answer reload what shows them. A new stream reloads all of it: what came
 * while the page loaded was not sent on it.
 */
export function LiveCoaching() {
  const qc = useQueryClient();
  useLiveOpen(() => {
    void qc.invalidateQueries({ queryKey: COACHING_KEY }); // threads, unread, sessions, slots
    void qc.invalidateQueries({ queryKey: QUESTIONS_KEY });
  });
  useLiveEvent<Message>('message', (m) => {
    qc.setQueryData<ThreadMessages>(threadKey(m.threadId), (old) => addMessage(old, m));
    void qc.invalidateQueries({ queryKey: COACHING_KEY, exact: true });
    void qc.invalidateQueries({ queryKey: unreadKey });
  });
  useLiveEvent('booking', () => {
    void qc.invalidateQueries({ queryKey: [...COACHING_KEY, 'sessions'] });
    void qc.invalidateQueries({ queryKey: [...COACHING_KEY, 'slots'] });
  });
  useLiveEvent('answer', () => void qc.invalidateQueries({ queryKey: QUESTIONS_KEY }));
  return null;
}

import { MessageSquare } from 'lucide-react';
import { formatDateTime } from '@/lib/format';
import type { components } from '@/lib/api-types';

export type LogComment = components['schemas']['LogComment'];

/** A log's comments from the athlete's coach, oldest first (docs/training-logs.md#coach-comments). */
export function LogComments({ comments }: { comments: LogComment[] }) {
  if (comments.length === 0) return null;
  return (
    <section aria-labelledby="comments-heading" className="flex flex-col gap-3">
      <h2 id="comments-heading" className="flex items-center gap-2 text-xl font-black">
        <MessageSquare className="h-5 w-5" aria-hidden="true" /> Coach's comments
      </h2>
      <ol className="flex flex-col gap-2" data-testid="log-comments">
        {comments.map((c) => (
          <li key={c.id} className="rounded-lg border border-border bg-card p-3">
            <p className="text-sm text-muted-foreground">
              <span className="font-semibold text-foreground">{c.username}</span> ·{' '}
              <time dateTime={c.createdAt}>{formatDateTime(c.createdAt)}</time>
            </p>
            <p className="mt-1 whitespace-pre-line break-words">{c.body}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

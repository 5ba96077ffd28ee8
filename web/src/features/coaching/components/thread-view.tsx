import { useEffect, useRef } from 'react';
import { useWatch } from 'react-hook-form';
import { Send } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-client';
import { useApiForm } from '@/components/ui/use-api-form';
import { cn } from '@/lib/cn';
import { MAX_MESSAGE_CHARS, useMarkRead, useSendMessage, useThread, type Thread } from '../api/coaching';
import { messageSchema, type MessageValues } from '../schemas';

// A log's page named in a message (the line a coach's comment adds, or typed) is a link.
const LOG_PATH = /(\/workout-logs\/\d+)\b/;

/** A message's text with the app's log paths in it as links labelled 'view the log' (never the raw path; docs/coaching.md). */
export function MessageText({ text }: { text: string }) {
  return text.split(LOG_PATH).map((part, i) =>
    i % 2 === 1 ? (
      <Link key={i} href={part} className="underline underline-offset-2">
        view the log
      </Link>
    ) : (
      part
    ),
  );
}

const time = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** One 1:1 thread: messages oldest first (newest at the bottom) and the composer. */
export function ThreadView({ thread, viewerId }: { thread: Thread; viewerId: number }) {
  const q = useThread(thread.id);
  const send = useSendMessage(thread.id);
  const markRead = useMarkRead();
  const { form, formError, submit } = useApiForm<MessageValues>({ schema: messageSchema, defaultValues: { body: '' } });
  const text = useWatch({ control: form.control, name: 'body' });
  const bottom = useRef<HTMLLIElement>(null);
  const messages = q.data?.messages ?? [];
  const lastId = messages.at(-1)?.id ?? 0;
  const other = viewerId === thread.coachId ? thread.athleteUsername : thread.coachName;
  const composerId = `message-${thread.id}`;
  const sendError = form.formState.errors.body?.message ?? formError;
  const { mutate: mark } = markRead;

  // Everything shown is read: mark it when the newest message changes.
  useEffect(() => {
    if (lastId) mark(thread.id);
    bottom.current?.scrollIntoView?.({ block: 'nearest' });
  }, [lastId, thread.id, mark]);

  const onSubmit = submit(async ({ body }) => {
    if (!body.trim()) return;
    await send.mutateAsync(body);
    form.reset();
  });

  return (
    <section aria-labelledby={`thread-${thread.id}`} className="flex flex-col rounded-xl border border-border bg-card shadow-sm">
      <h2 id={`thread-${thread.id}`} className="border-b border-border px-4 py-3 text-lg font-bold">
        Messages with {other}
      </h2>
      {q.isPending ? (
        <div className="space-y-3 p-4" role="status" aria-label="Loading messages">
          <Skeleton className="h-12 w-2/3" />
          <Skeleton className="ml-auto h-12 w-2/3" />
        </div>
      ) : q.isError ? (
        <p role="alert" className="p-4 text-destructive">
          {errorMessage(q.error)}
        </p>
      ) : (
        <ol className="max-h-[28rem] space-y-3 overflow-y-auto p-4" aria-label="Messages" aria-live="polite">
          {messages.length === 0 && <li className="text-center text-muted-foreground">No messages yet. Say hello!</li>}
          {messages.map((m) => {
            const mine = m.senderId === viewerId;
            return (
              <li key={m.id} className={cn('flex', mine ? 'justify-end' : 'justify-start')}>
                <div className={cn('max-w-[85%] rounded-2xl px-4 py-2', mine ? 'bg-primary text-primary-foreground' : 'bg-muted')}>
                  <p className="text-xs font-semibold opacity-80">
                    {mine ? 'You' : m.username} · <time dateTime={m.createdAt}>{time.format(new Date(m.createdAt))}</time>
                  </p>
                  <p className="break-words whitespace-pre-line">
                    <MessageText text={m.body} />
                  </p>
                </div>
              </li>
            );
          })}
          <li ref={bottom} aria-hidden="true" />
        </ol>
      )}
      {thread.active ? (
        <form onSubmit={onSubmit} className="border-t border-border p-4">
          <label htmlFor={composerId} className="text-sm font-semibold">
            Your message
          </label>
          <Textarea
            id={composerId}
            className="mt-2 min-h-20"
            {...form.register('body')}
            aria-invalid={sendError ? true : undefined}
            aria-describedby={`${composerId}-count${sendError ? ` ${composerId}-error` : ''}`}
          />
          {sendError && (
            <p id={`${composerId}-error`} role="alert" className="mt-2 text-sm text-destructive">
              {sendError}
            </p>
          )}
          <div className="mt-2 flex items-center justify-between gap-3">
            <span id={`${composerId}-count`} className={cn('text-xs text-muted-foreground', text.length > MAX_MESSAGE_CHARS && 'text-destructive')}>
              {text.length}/{MAX_MESSAGE_CHARS} characters
            </span>
            <Button type="submit" disabled={send.isPending || !text.trim()}>
              <Send className="h-4 w-4" aria-hidden="true" />
              {send.isPending ? 'Sending...' : 'Send'}
            </Button>
          </div>
        </form>
      ) : (
        <p className="border-t border-border p-4 text-sm text-muted-foreground">
          This coaching ended: the conversation stays readable but takes no new messages.
        </p>
      )}
    </section>
  );
}

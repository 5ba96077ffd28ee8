import { useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormError, FormField } from '@/components/ui/form-field';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { useApiForm } from '@/components/ui/use-api-form';
import { errorMessage } from '@/lib/api-client';
import { useAnswer, useQueue, type Question } from '../api/questions';
import { messageSchema, type MessageValues } from '../schemas';
import { PriorityBadge } from './ask-a-coach';

const date = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function QueueItem({ q }: { q: Question }) {
  const { form, formError, submit } = useApiForm<MessageValues>({ schema: messageSchema, defaultValues: { body: '' } });
  const text = useWatch({ control: form.control, name: 'body' });
  const answer = useAnswer();
  // Every error of this one-field form shows under the field.
  const error = form.formState.errors.body?.message ?? formError;
  const onSubmit = submit(async ({ body }) => {
    if (!body.trim()) return;
    await answer.mutateAsync({ id: q.id, body });
  });
  return (
    <li className="rounded-lg border border-border bg-card p-4" data-testid="queue-question">
      <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
        <span className="font-semibold text-foreground">{q.username}</span>
        <time dateTime={q.createdAt}>{date.format(new Date(q.createdAt))}</time>
        <PriorityBadge question={q} />
      </div>
      <p className="mt-2 whitespace-pre-line">{q.body}</p>
      <form onSubmit={onSubmit} className="mt-3">
        <FormField label={`Answer ${q.username}`} error={error}>
          {(control) => <Textarea {...control} className="min-h-16" {...form.register('body')} />}
        </FormField>
        <Button type="submit" size="sm" className="mt-2" disabled={answer.isPending || !text.trim()}>
          {answer.isPending ? 'Sending...' : 'Send answer'}
        </Button>
      </form>
    </li>
  );
}

/** The coaches' Ask a Coach queue: priority questions first, then the oldest. */
export function QuestionQueue() {
  const queue = useQueue();
  return (
    <section className="mt-10" aria-labelledby="queue-heading">
      <h2 id="queue-heading" className="mb-2 text-xl font-bold">
        Ask a Coach queue
      </h2>
      <p className="mb-4 text-sm text-muted-foreground">Questions from Pro and Elite members come first, then the oldest.</p>
      {queue.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : queue.isError ? (
        <FormError message={errorMessage(queue.error)} />
      ) : queue.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-6 text-center text-muted-foreground">No open questions.</p>
      ) : (
        <ol className="space-y-3" aria-label="Open questions">
          {queue.data.map((q) => (
            <QueueItem key={q.id} q={q} />
          ))}
        </ol>
      )}
    </section>
  );
}

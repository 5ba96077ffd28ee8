import { useWatch } from 'react-hook-form';
import { CheckCircle2, Star } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { useApiForm } from '@/components/ui/use-api-form';
import { MAX_QUESTION_CHARS, useAsk, useMyQuestions, type Question } from '../api/questions';
import { messageSchema, type MessageValues } from '../schemas';

const date = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "Priority" badge of a pro or elite member's question (docs/coaching.md#ask-a-coach). */
export function PriorityBadge({ question }: { question: Question }) {
  if (!question.priority) return null;
  return (
    <Badge variant="warning">
      <Star className="h-3 w-3" aria-hidden="true" /> Priority · {question.tier === 'elite' ? 'Elite' : 'Pro'}
    </Badge>
  );
}

function MyQuestion({ q }: { q: Question }) {
  return (
    <li className="rounded-lg border border-border p-4">
      <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
        <time dateTime={q.createdAt}>{date.format(new Date(q.createdAt))}</time>
        <PriorityBadge question={q} />
        {q.answered ? (
          <Badge variant="success">
            <CheckCircle2 className="h-3 w-3" aria-hidden="true" /> Answered by a coach
          </Badge>
        ) : (
          <Badge>Waiting for a coach</Badge>
        )}
      </div>
      <p className="mt-2 font-medium whitespace-pre-line">{q.body}</p>
      {q.answers.map((a) => (
        <div key={a.id} className="mt-3 rounded-md border-l-4 border-primary bg-muted/50 p-3">
          <p className="text-xs font-semibold">Coach {a.username}</p>
          <p className="mt-1 whitespace-pre-line">{a.body}</p>
        </div>
      ))}
    </li>
  );
}

/**
 * Ask a Coach in /community: any member asks; pro and elite questions go to the
 * front of the coaches' queue ('Priority community access').
 */
export function AskACoach() {
  const { form, formError, submit } = useApiForm<MessageValues>({ schema: messageSchema, defaultValues: { body: '' } });
  const text = useWatch({ control: form.control, name: 'body' });
  const ask = useAsk();
  const mine = useMyQuestions();
  // Every error of this one-field form shows under the field.
  const fieldError = form.formState.errors.body?.message ?? formError;

  const onSubmit = submit(async ({ body }) => {
    if (!body.trim()) return;
    await ask.mutateAsync(body);
    form.reset();
  });

  return (
    <section id="ask-a-coach" aria-labelledby="ask-a-coach-heading" className="mx-auto mt-16 max-w-3xl scroll-mt-20">
      <h2 id="ask-a-coach-heading" className="text-2xl font-black tracking-tight">
        Ask a Coach
      </h2>
      <p className="mt-2 text-muted-foreground">
        Any member can ask our coaches. Questions from Pro and Elite members are answered first.
      </p>
      <form onSubmit={onSubmit} className="mt-4 rounded-xl border border-border bg-card p-4 shadow-sm">
        <FormField label="Your question" error={fieldError} hint={`${text.length}/${MAX_QUESTION_CHARS} characters`}>
          {(control) => <Textarea {...control} className="min-h-20" {...form.register('body')} />}
        </FormField>
        <div className="mt-3 flex justify-end">
          <Button type="submit" disabled={ask.isPending || !text.trim()}>
            {ask.isPending ? 'Sending...' : 'Ask a Coach'}
          </Button>
        </div>
      </form>
      {mine.data && mine.data.length > 0 && (
        <>
          <h3 className="mt-6 text-lg font-bold">My questions</h3>
          <ul className="mt-3 space-y-3">
            {mine.data.map((q) => (
              <MyQuestion key={q.id} q={q} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

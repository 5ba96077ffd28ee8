import { Send } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { Textarea } from '@/components/ui/textarea';
import { useApiForm } from '@/components/ui/use-api-form';
import { cn } from '@/lib/cn';
import { useCreatePost } from '../api/create-post';
import { MAX_POST_CHARS, type Channel } from '../api/types';
import { contentSchema, type ContentValues } from '../schemas';

export const COMPOSER_ID = 'community-composer';

/** The form a signed-in athlete posts with (plain text, 1-2000 characters). */
export function PostComposer({ channel = 'public' }: { channel?: Channel }) {
  // The server's message shows under the box whatever field it names (fields: []).
  const { form, formError, submit } = useApiForm<ContentValues>({ schema: contentSchema, defaultValues: { content: '' }, fields: [] });
  const create = useCreatePost();
  const text = form.watch('content');
  const length = text.trim().length;

  const onSubmit = submit(async ({ content }) => {
    if (!content.trim()) return;
    await create.mutateAsync({ content, channel });
    form.reset();
    toast({
      title: 'Posted',
      description: channel === 'elite' ? 'Your post is live in the Elite channel.' : 'Your post is live in the community feed.',
    });
  });

  return (
    <form onSubmit={onSubmit} className="rounded-xl border border-border bg-card p-4 shadow-sm sm:p-5">
      <label htmlFor={COMPOSER_ID} className="text-base font-bold">
        {channel === 'elite' ? 'Share with elite members and coaches' : 'Share with the community'}
      </label>
      <Textarea
        id={COMPOSER_ID}
        className="mt-3 min-h-24"
        placeholder="A session, a race report, a question..."
        maxLength={MAX_POST_CHARS}
        {...form.register('content')}
        aria-invalid={formError ? true : undefined}
        aria-describedby={`${COMPOSER_ID}-count${formError ? ` ${COMPOSER_ID}-error` : ''}`}
      />
      {formError && (
        <p id={`${COMPOSER_ID}-error`} role="alert" className="mt-2 text-sm text-destructive">
          {formError}
        </p>
      )}
      <div className="mt-3 flex items-center justify-between gap-3">
        <span id={`${COMPOSER_ID}-count`} className={cn('text-xs text-muted-foreground', text.length > MAX_POST_CHARS - 100 && 'text-accent-text')}>
          {text.length}/{MAX_POST_CHARS} characters
        </span>
        <Button type="submit" disabled={create.isPending || !length}>
          <Send className="h-4 w-4" aria-hidden="true" />
          {create.isPending ? 'Posting...' : 'Post'}
        </Button>
      </div>
    </form>
  );
}

import { useState, type FormEvent } from 'react';
import { Send } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useCreatePost } from '../api/create-post';
import { MAX_POST_CHARS, type Channel } from '../api/types';

export const COMPOSER_ID = 'community-composer';

/** The form a signed-in athlete posts with (plain text, 1-2000 characters). */
export function PostComposer({ channel = 'public' }: { channel?: Channel }) {
  const [text, setText] = useState('');
  const create = useCreatePost();
  const length = text.trim().length;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!length) return;
    create.mutate({ content: text, channel }, {
      onSuccess: () => {
        setText('');
        toast({
          title: 'Posted',
          description: channel === 'elite' ? 'Your post is live in the Elite channel.' : 'Your post is live in the community feed.',
        });
      },
    });
  }

  return (
    <form onSubmit={submit} className="rounded-xl border border-border bg-card p-4 shadow-sm sm:p-5">
      <label htmlFor={COMPOSER_ID} className="text-base font-bold">
        {channel === 'elite' ? 'Share with elite members and coaches' : 'Share with the community'}
      </label>
      <Textarea
        id={COMPOSER_ID}
        className="mt-3 min-h-24"
        placeholder="A session, a race report, a question..."
        maxLength={MAX_POST_CHARS}
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-invalid={create.isError || undefined}
        aria-describedby={`${COMPOSER_ID}-count${create.isError ? ` ${COMPOSER_ID}-error` : ''}`}
      />
      {create.isError && (
        <p id={`${COMPOSER_ID}-error`} role="alert" className="mt-2 text-sm text-destructive">
          {errorMessage(create.error)}
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

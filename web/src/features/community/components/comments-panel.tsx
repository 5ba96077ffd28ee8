import { Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { QueryState } from '@/components/ui/query-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { useApiForm } from '@/components/ui/use-api-form';
import { errorMessage } from '@/lib/api-client';
import { useCreateComment } from '../api/create-comment';
import { useDeleteComment } from '../api/delete-comment';
import { useComments } from '../api/get-comments';
import { MAX_COMMENT_CHARS } from '../api/types';
import { Avatar } from './avatar';
import { LinkifiedText } from './linkified-text';
import { PostTime } from './post-time';
import { contentSchema, type ContentValues } from '../schemas';

/** A post's comments, oldest first, with a form to add one. */
export function CommentsPanel({ postId, viewerId, id }: { postId: number; viewerId?: number; id?: string }) {
  const comments = useComments(postId);
  const create = useCreateComment(postId);
  const remove = useDeleteComment(postId);
  // The server's message shows under the box whatever field it names (fields: []).
  const { form, formError, submit } = useApiForm<ContentValues>({ schema: contentSchema, defaultValues: { content: '' }, fields: [] });
  const text = form.watch('content');
  const items = comments.data?.pages.flatMap((p) => p.items) ?? [];
  const fieldId = `comment-${postId}`;
  const errorId = `${fieldId}-error`;

  const onSubmit = submit(async ({ content }) => {
    if (!content.trim()) return;
    await create.mutateAsync(content);
    form.reset();
  });

  return (
    <div id={id} className="mt-4 border-t border-border pt-4">
      <QueryState
        query={comments}
        pending={
          <div className="space-y-2" role="status" aria-label="Loading comments">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-2/3" />
          </div>
        }
        error={(err) => (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(err)}
          </p>
        )}
        isEmpty={() => items.length === 0}
        empty={<p className="text-sm text-muted-foreground">No comments yet. Start the conversation.</p>}
      >
        {() => (
          <ul className="space-y-3" aria-label="Comments">
            {items.map((c) => (
              <li key={c.id} className="flex gap-3">
                <Avatar name={c.username} className="h-8 w-8 text-xs" />
                <div className="min-w-0 flex-1 rounded-lg bg-muted px-3 py-2">
                  <div className="flex flex-wrap items-baseline gap-x-2 text-sm">
                    <span className="font-semibold">{c.username}</span>
                    <span className="text-xs text-muted-foreground">
                      <PostTime at={c.createdAt} />
                    </span>
                    {c.userId === viewerId && (
                      <Button
                        variant="ghost"
                        size="sm"
                        className="ml-auto h-7 px-2 text-muted-foreground"
                        disabled={remove.isPending}
                        onClick={() => remove.mutate(c.id)}
                      >
                        <Trash2 className="h-4 w-4" aria-hidden="true" />
                        <span className="sr-only">Delete comment</span>
                      </Button>
                    )}
                  </div>
                  <p className="text-sm break-words whitespace-pre-wrap">
                    <LinkifiedText text={c.content} />
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {comments.hasNextPage && (
        <Button variant="link" size="sm" className="mt-2 px-0" disabled={comments.isFetchingNextPage} onClick={() => comments.fetchNextPage()}>
          {comments.isFetchingNextPage ? 'Loading...' : 'Show more comments'}
        </Button>
      )}
      {remove.isError && (
        <p role="alert" className="mt-2 text-sm text-destructive">
          {errorMessage(remove.error)}
        </p>
      )}
      <form onSubmit={onSubmit} className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-start">
        <label htmlFor={fieldId} className="sr-only">
          Write a comment
        </label>
        <Textarea
          id={fieldId}
          rows={2}
          className="min-h-10"
          placeholder="Write a comment..."
          maxLength={MAX_COMMENT_CHARS}
          {...form.register('content')}
          aria-invalid={formError ? true : undefined}
          aria-describedby={formError ? errorId : undefined}
        />
        <Button type="submit" disabled={create.isPending || !text.trim()}>
          {create.isPending ? 'Posting...' : 'Comment'}
        </Button>
      </form>
      {formError && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-destructive">
          {formError}
        </p>
      )}
    </div>
  );
}

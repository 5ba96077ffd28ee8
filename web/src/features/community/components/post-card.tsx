import { lazy, Suspense, useState } from 'react';
import { Link } from 'wouter';
import { Heart, MessageCircle, Share2, Trash2 } from 'lucide-react';
import { communityPostPath } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useDeletePost } from '../api/delete-post';
import { useToggleLike } from '../api/toggle-like';
import type { Post } from '../api/types';
import { Avatar } from './avatar';
import { LinkifiedText } from './linkified-text';
import { PostTime } from './post-time';

// The comments (and the form kit their box needs) load when a card opens them.
const CommentsPanel = lazy(() => import('./comments-panel').then((m) => ({ default: m.CommentsPanel })));

/** Shares the post's permalink: the device's share sheet, else the clipboard. */
async function sharePost(post: Post) {
  const url = `${window.location.origin}${communityPostPath(post.id)}`;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: `${post.username} on HYROX Community`, url });
    } catch {
      // closed by the user: nothing to say
    }
    return;
  }
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: 'Link copied', description: 'The link to this post is on your clipboard.' });
  } catch {
    toast({ title: 'Share this post', description: url });
  }
}

/**
 * One post: author, age, text (plain text with clickable links), and the
 * like, comment and share buttons. Comments open under the post.
 */
export function PostCard({
  post,
  viewerId,
  defaultCommentsOpen = false,
  headingLevel = 3,
  onDeleted,
}: {
  post: Post;
  viewerId?: number;
  defaultCommentsOpen?: boolean;
  headingLevel?: 2 | 3 | 4;
  /** Runs after the author deleted the post (the permalink page leaves). */
  onDeleted?: () => void;
}) {
  const [open, setOpen] = useState(defaultCommentsOpen);
  const [confirming, setConfirming] = useState(false);
  const like = useToggleLike();
  const del = useDeletePost();
  const Heading = `h${headingLevel}` as const;
  const panelId = `post-${post.id}-comments`;
  const mine = viewerId !== undefined && post.userId === viewerId;

  return (
    <article aria-labelledby={`post-${post.id}-author`} className="rounded-xl border border-border bg-card p-4 text-card-foreground shadow-sm sm:p-5" data-testid="community-post">
      <div className="flex items-center gap-3">
        <Avatar name={post.username} />
        <div className="min-w-0">
          <Heading id={`post-${post.id}-author`} className="truncate text-base font-bold">
            {post.username}
          </Heading>
          <p className="text-sm text-muted-foreground">
            <Link href={communityPostPath(post.id)} className="hover:underline">
              <PostTime at={post.createdAt} />
            </Link>
          </p>
        </div>
        {mine && !confirming && (
          <Button variant="ghost" size="icon" className="ml-auto text-muted-foreground" onClick={() => setConfirming(true)}>
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            <span className="sr-only">Delete post</span>
          </Button>
        )}
      </div>
      {confirming && (
        <div role="group" aria-label="Confirm deletion" className="mt-3 flex flex-wrap items-center gap-2 rounded-md bg-muted p-3 text-sm">
          <span className="mr-auto">Delete this post and its comments?</span>
          <Button size="sm" variant="outline" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button
            size="sm"
            variant="destructive"
            disabled={del.isPending}
            onClick={() =>
              del.mutate(post.id, {
                onSuccess: () => {
                  toast({ title: 'Post deleted' });
                  onDeleted?.();
                },
                onError: (err) => toast({ title: 'Deletion failed', description: errorMessage(err), variant: 'destructive' }),
              })
            }
          >
            {del.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </div>
      )}
      <p className="mt-3 break-words whitespace-pre-wrap" data-testid="post-content">
        <LinkifiedText text={post.content} />
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-1 text-sm">
        <Button
          variant="ghost"
          size="sm"
          aria-pressed={post.likedByMe}
          onClick={() => like.mutate({ id: post.id, like: !post.likedByMe })}
          className={cn(post.likedByMe && 'text-red-700 dark:text-red-400')}
        >
          <Heart className={cn('h-4 w-4', post.likedByMe && 'fill-current')} aria-hidden="true" />
          <span className="sr-only">Like</span>
          <span data-testid="like-count">{post.likes}</span>
        </Button>
        <Button variant="ghost" size="sm" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((v) => !v)}>
          <MessageCircle className="h-4 w-4" aria-hidden="true" />
          <span className="sr-only">Comments</span>
          <span data-testid="comment-count">{post.comments}</span>
        </Button>
        <Button variant="ghost" size="sm" onClick={() => void sharePost(post)}>
          <Share2 className="h-4 w-4" aria-hidden="true" />
          Share
        </Button>
      </div>
      {open && (
        <Suspense fallback={<p id={panelId} role="status" className="mt-3 text-sm text-muted-foreground">Loading comments...</p>}>
          <CommentsPanel id={panelId} postId={post.id} viewerId={viewerId} />
        </Suspense>
      )}
    </article>
  );
}

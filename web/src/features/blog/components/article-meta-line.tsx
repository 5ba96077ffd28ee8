import { Clock } from 'lucide-react';
import { formatDate } from '@/lib/format';

/** Author · date · reading time; a line wraps before a dot, never after one. */
export function ArticleMetaLine({ author, publishedAt, readingTime }: { author: string; publishedAt: string; readingTime: number }) {
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
      <span>By {author}</span>
      <span className="whitespace-nowrap">
        <span aria-hidden="true">· </span>
        <time dateTime={publishedAt}>{formatDate(publishedAt)}</time>
      </span>
      <span className="inline-flex items-center gap-1 whitespace-nowrap">
        <span aria-hidden="true">·</span>
        <Clock className="h-3.5 w-3.5" aria-hidden="true" />
        {readingTime} min read
      </span>
    </p>
  );
}

import { formatDateTime, formatTimeAgo } from '@/lib/format';

/** The post's or comment's age ('just now', 'N minutes ago', ...); the exact time is in the tooltip and dateTime. */
export function PostTime({ at }: { at: string }) {
  return (
    <time dateTime={at} title={formatDateTime(at)}>
      {formatTimeAgo(at)}
    </time>
  );
}

import { formatDateTime } from '@/lib/format';
import { formatPostAge } from './post-age';

/** The post's age in the words of docs/product.md#community; the exact time is in the tooltip and dateTime. */
export function PostTime({ at }: { at: string }) {
  return (
    <time dateTime={at} title={formatDateTime(at)}>
      {formatPostAge(at)}
    </time>
  );
}

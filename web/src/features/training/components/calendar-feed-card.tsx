import { Copy, Rss } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { useCreateFeed, useFeed, useRevokeFeed } from '../api/programs';
import { formatDate } from '@/lib/format';

/**
 * The private ICS feed: the URL holds a secret token and is shown once, when
 * created; creating again rotates it (the old URL stops working).
 */
export function CalendarFeedCard() {
  const feed = useFeed();
  const create = useCreateFeed();
  const revoke = useRevokeFeed();
  const url = create.data?.url;
  const active = feed.data?.active ?? false;
  return (
    <Card className="p-5" data-testid="calendar-feed">
      <h2 className="flex items-center gap-2 text-xl font-black">
        <Rss className="h-5 w-5" aria-hidden="true" /> Subscribe on your phone
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        A private calendar feed (iCalendar) of your sessions for Apple, Google or Outlook calendars, from 4 weeks back to 6
        months ahead. Anyone with the link can read it: keep it to yourself, and revoke it if it leaks.
      </p>
      {url ? (
        <div className="mt-4 grid gap-2">
          <Label htmlFor="feed-url">Your feed URL (shown once)</Label>
          <div className="flex gap-2">
            <Input id="feed-url" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
            <Button
              type="button"
              variant="outline"
              aria-label="Copy the feed URL"
              onClick={() => {
                void navigator.clipboard?.writeText(url).then(() => toast({ title: 'Feed URL copied' }));
              }}
            >
              <Copy className="h-4 w-4" aria-hidden="true" />
            </Button>
          </div>
        </div>
      ) : active ? (
        <p className="mt-4 text-sm font-semibold">
          A feed is active since {formatDate(feed.data?.createdAt ?? '')}. Its URL was shown when you created it;
          create a new one to see a URL again (the old one stops working).
        </p>
      ) : null}
      {(create.error ?? revoke.error) && (
        <p role="alert" className="mt-2 text-sm text-destructive">
          {(create.error ?? revoke.error)?.message}
        </p>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        <Button type="button" onClick={() => create.mutate()} disabled={create.isPending}>
          {active ? 'Create a new feed URL' : 'Create feed URL'}
        </Button>
        {active && (
          <Button
            type="button"
            variant="outline"
            disabled={revoke.isPending}
            onClick={() => revoke.mutate(undefined, { onSuccess: () => create.reset() })}
          >
            Revoke feed
          </Button>
        )}
      </div>
    </Card>
  );
}

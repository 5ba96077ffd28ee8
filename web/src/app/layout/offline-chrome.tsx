import { useCallback, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw, CloudOff, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { CHANNEL, discardOutboxItem, flushOutbox, listOutbox, type OutboxItem } from '@/lib/offline/outbox';
import { applyUpdate, isUpdateReady, UPDATE_EVENT } from '@/lib/offline/pwa';

/**
 * What the installable app adds to every page (docs/offline.md): the "A new
 * version is ready" prompt, and for a signed-in athlete the outbox: the writes
 * kept on this device, "waiting to send" or the server's reason for refusing.
 * Loaded lazily by AppLayout: none of it is in the first page's JS.
 */
export default function OfflineChrome({ userId }: { userId: number | null }) {
  return (
    <div className="pointer-events-none fixed right-3 bottom-3 left-3 z-40 flex flex-col items-end gap-2 sm:left-auto sm:w-96">
      {userId != null && <Outbox userId={userId} />}
      <UpdatePrompt />
    </div>
  );
}

function UpdatePrompt() {
  const [ready, setReady] = useState(isUpdateReady);
  useEffect(() => {
    const on = () => setReady(true);
    window.addEventListener(UPDATE_EVENT, on);
    return () => window.removeEventListener(UPDATE_EVENT, on);
  }, []);
  if (!ready) return null;
  return (
    <div role="status" className="pointer-events-auto flex w-full items-center justify-between gap-3 rounded-lg border border-border bg-background p-3 text-sm shadow-lg">
      <span className="font-semibold">A new version is ready.</span>
      <Button size="sm" onClick={applyUpdate}>
        <RefreshCw className="h-4 w-4" aria-hidden="true" /> Reload
      </Button>
    </div>
  );
}

function useOnline() {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(navigator.onLine);
    window.addEventListener('online', on);
    window.addEventListener('offline', on);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', on);
    };
  }, []);
  return online;
}

function Outbox({ userId }: { userId: number }) {
  const qc = useQueryClient();
  const online = useOnline();
  const [items, setItems] = useState<OutboxItem[]>([]);
  const [refreshTick, setRefreshTick] = useState(0);
  const reload = useCallback(() => setRefreshTick((t) => t + 1), []);

  useEffect(() => {
    let live = true;
    void listOutbox().then((all) => live && setItems(all.filter((i) => i.userId === userId)));
    return () => {
      live = false;
    };
  }, [userId, refreshTick]);

  useEffect(() => {
    const send = () =>
      flushOutbox()
        .then((r) => (r.sent + r.failed > 0 ? qc.invalidateQueries() : undefined))
        .finally(reload);
    // On every open and whenever the connection returns (the browsers
    // without Background Sync rely on this).
    if (navigator.onLine) void send();
    const onOnline = () => void send();
    window.addEventListener('online', onOnline);
    const ch = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
    if (ch)
      ch.onmessage = (e: MessageEvent<{ answered?: number }>) => {
        if (e.data?.answered) void qc.invalidateQueries();
        reload();
      };
    return () => {
      window.removeEventListener('online', onOnline);
      ch?.close();
    };
  }, [qc, reload]);

  if (items.length === 0 && online) return null;
  const waiting = items.filter((i) => i.state === 'waiting').length;
  return (
    <section
      aria-label="Waiting to send"
      data-testid="outbox"
      className="pointer-events-auto w-full rounded-lg border border-border bg-background p-3 text-sm shadow-lg"
    >
      <p className="flex items-center gap-2 font-semibold">
        {!online && <CloudOff className="h-4 w-4" aria-hidden="true" />}
        {!online ? 'Offline: showing what was last loaded.' : waiting > 0 ? 'Sending...' : 'Could not be sent'}
      </p>
      {items.length > 0 && (
        <ul className="mt-2 flex max-h-60 flex-col gap-2 overflow-y-auto">
          {items.map((i) => (
            <li key={i.seq} className="flex items-start justify-between gap-2 rounded-md border border-border p-2" data-testid="outbox-item">
              <div>
                <p className="font-medium">{i.label}</p>
                <p className={i.state === 'failed' ? 'text-destructive' : 'text-muted-foreground'}>
                  {i.state === 'failed' ? `Not sent: ${i.message ?? ''}` : 'Waiting to send'}
                </p>
              </div>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Discard ${i.label}`}
                onClick={() => void discardOutboxItem(i.seq!).then(reload)}
              >
                <X className="h-4 w-4" aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

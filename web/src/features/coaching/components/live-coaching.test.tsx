import { QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { LiveCoaching } from './live-coaching';

/** A stand-in EventSource that records every stream opened and closed. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  closed = false;
  listeners: Record<string, ((ev: MessageEvent<string>) => void)[]> = {};
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, fn: (ev: MessageEvent<string>) => void) {
    (this.listeners[type] ??= []).push(fn);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown) {
    for (const fn of this.listeners[type] ?? []) fn({ data: JSON.stringify(data) } as MessageEvent<string>);
  }
}

function renderLive(enabled: boolean) {
  const client = createQueryClient();
  const ui = (on: boolean) => (
    <QueryClientProvider client={client}>
      <LiveCoaching enabled={on} />
    </QueryClientProvider>
  );
  const r = render(ui(enabled));
  return { client, setEnabled: (on: boolean) => r.rerender(ui(on)) };
}

describe('LiveCoaching (the app-wide message stream)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeEventSource.opened = [];
  });

  it('opens one stream while enabled and closes it when disabled (sign-out)', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const { setEnabled } = renderLive(true);
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(FakeEventSource.opened[0].url).toBe('/api/coaching/events');
    setEnabled(false);
    expect(FakeEventSource.opened[0].closed).toBe(true);
    expect(FakeEventSource.opened).toHaveLength(1);
  });

  it('opens nothing for members who do not see Coaching', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    renderLive(false);
    expect(FakeEventSource.opened).toHaveLength(0);
  });

  it('a new message refreshes the unread count the top bar shows', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const { client } = renderLive(true);
    client.setQueryData(['/api/coaching', 'unread'], { unread: 0 });
    act(() => FakeEventSource.opened[0].emit('message', { id: 5, threadId: 1, senderId: 2, username: 'coach', body: 'Hi', createdAt: '2026-03-02T12:00:00Z' }));
    expect(client.getQueryState(['/api/coaching', 'unread'])?.isInvalidated).toBe(true);
  });
});

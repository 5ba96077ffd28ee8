import { QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { LIVE_RETRY_FIRST_MS, reopenLiveMessages } from '../api/coaching';
import { LiveCoaching } from './live-coaching';

/** A stand-in EventSource that records every stream opened and closed. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  closed = false;
  readyState = FakeEventSource.CONNECTING;
  listeners: Record<string, ((ev: MessageEvent<string>) => void)[]> = {};
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, fn: (ev: MessageEvent<string>) => void) {
    (this.listeners[type] ??= []).push(fn);
  }
  close() {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }
  /** The server refused the stream (403, 429, 503): the browser gives up. */
  refuse() {
    this.readyState = FakeEventSource.CLOSED;
    for (const fn of this.listeners.error ?? []) fn({} as MessageEvent<string>);
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

  it('asks again for a refused stream after 30 s, then twice as long', () => {
    vi.useFakeTimers();
    try {
      vi.stubGlobal('EventSource', FakeEventSource);
      renderLive(true);
      act(() => FakeEventSource.opened[0].refuse());
      act(() => vi.advanceTimersByTime(LIVE_RETRY_FIRST_MS - 1));
      expect(FakeEventSource.opened).toHaveLength(1);
      act(() => vi.advanceTimersByTime(1));
      expect(FakeEventSource.opened).toHaveLength(2);
      act(() => FakeEventSource.opened[1].refuse());
      act(() => vi.advanceTimersByTime(LIVE_RETRY_FIRST_MS));
      expect(FakeEventSource.opened).toHaveLength(2);
      act(() => vi.advanceTimersByTime(LIVE_RETRY_FIRST_MS));
      expect(FakeEventSource.opened).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks again at once after choosing a coach', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    renderLive(true);
    act(() => FakeEventSource.opened[0].refuse());
    act(() => reopenLiveMessages());
    expect(FakeEventSource.opened).toHaveLength(2);
    act(() => reopenLiveMessages()); // the stream is not refused: nothing more opens
    expect(FakeEventSource.opened).toHaveLength(2);
  });

  it('a new message refreshes the unread count the top bar shows', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const { client } = renderLive(true);
    client.setQueryData(['/api/coaching', 'unread'], { unread: 0 });
    act(() => FakeEventSource.opened[0].emit('message', { id: 5, threadId: 1, senderId: 2, username: 'coach', body: 'Hi', createdAt: '2026-03-02T12:00:00Z' }));
    expect(client.getQueryState(['/api/coaching', 'unread'])?.isInvalidated).toBe(true);
  });
});

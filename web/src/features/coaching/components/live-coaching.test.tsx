import { QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveCoaching } from './live-coaching';
import { createQueryClient } from '@/lib/query-client';
import { LIVE_RETRY_FIRST_MS, LIVE_URL, useLiveEvent, useLiveStream } from '@/lib/live';

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

/** The layout's part: the stream while signed in, and coaching's listeners. */
function Live({ enabled, onBooking }: { enabled: boolean; onBooking?: (d: unknown) => void }) {
  useLiveStream(enabled);
  return (
    <>
      {enabled && <LiveCoaching />}
      {onBooking && <BookingListener onBooking={onBooking} />}
    </>
  );
}

function BookingListener({ onBooking }: { onBooking: (d: unknown) => void }) {
  useLiveEvent('booking', onBooking);
  return null;
}

function renderLive(enabled: boolean, onBooking?: (d: unknown) => void) {
  const client = createQueryClient();
  const ui = (on: boolean) => (
    <QueryClientProvider client={client}>
      <Live enabled={on} onBooking={onBooking} />
    </QueryClientProvider>
  );
  const r = render(ui(enabled));
  return { client, setEnabled: (on: boolean) => r.rerender(ui(on)) };
}

describe('the live stream (one for the whole app)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeEventSource.opened = [];
  });

  it('opens one stream while signed in and closes it on sign-out', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const { setEnabled } = renderLive(true);
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(FakeEventSource.opened[0].url).toBe(LIVE_URL);
    setEnabled(false);
    expect(FakeEventSource.opened[0].closed).toBe(true);
    expect(FakeEventSource.opened).toHaveLength(1);
  });

  it('opens nothing for visitors', () => {
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

  it('hands each named event to its listeners, on a reopened stream too', () => {
    vi.useFakeTimers();
    try {
      vi.stubGlobal('EventSource', FakeEventSource);
      const got: unknown[] = [];
      renderLive(true, (d) => got.push(d));
      act(() => FakeEventSource.opened[0].emit('booking', { sessionId: 4, change: 'booked' }));
      act(() => FakeEventSource.opened[0].emit('answer', { questionId: 9 }));
      expect(got).toEqual([{ sessionId: 4, change: 'booked' }]);
      act(() => FakeEventSource.opened[0].refuse());
      act(() => vi.advanceTimersByTime(LIVE_RETRY_FIRST_MS));
      act(() => FakeEventSource.opened[1].emit('booking', { sessionId: 4, change: 'cancelled' }));
      expect(got).toEqual([
        { sessionId: 4, change: 'booked' },
        { sessionId: 4, change: 'cancelled' },
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a new message refreshes the unread count the top bar shows', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const { client } = renderLive(true);
    client.setQueryData(['/api/coaching', 'unread'], { unread: 0 });
    act(() => FakeEventSource.opened[0].emit('message', { id: 5, threadId: 1, senderId: 2, username: 'coach', body: 'Hi', createdAt: '2026-03-02T12:00:00Z' }));
    expect(client.getQueryState(['/api/coaching', 'unread'])?.isInvalidated).toBe(true);
  });

  it("a coach's answer reloads my questions", () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const { client } = renderLive(true);
    client.setQueryData(['/api/coaching/questions'], []);
    act(() => FakeEventSource.opened[0].emit('answer', { questionId: 3 }));
    expect(client.getQueryState(['/api/coaching/questions'])?.isInvalidated).toBe(true);
  });
});

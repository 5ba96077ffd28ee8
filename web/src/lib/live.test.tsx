import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLiveOpen, useLiveStream } from './live';

/** A stand-in EventSource whose 'open' the test fires. */
class FakeEventSource {
  static made: FakeEventSource[] = [];
  static readonly CLOSED = 2;
  readyState = 0;
  private handlers = new Map<string, Array<() => void>>();
  constructor(public url: string) {
    FakeEventSource.made.push(this);
  }
  addEventListener(name: string, fn: () => void) {
    this.handlers.set(name, [...(this.handlers.get(name) ?? []), fn]);
  }
  fire(name: string) {
    for (const fn of this.handlers.get(name) ?? []) fn();
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

describe('useLiveOpen', () => {
  beforeEach(() => {
    FakeEventSource.made = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('hears each new stream open once, not the browser reconnecting it', () => {
    const onOpen = vi.fn();
    renderHook(() => useLiveOpen(onOpen));
    const stream = renderHook(() => useLiveStream(true));
    const [first] = FakeEventSource.made;
    first.fire('open');
    expect(onOpen).toHaveBeenCalledTimes(1);
    first.fire('open'); // the browser reconnected and resumed from Last-Event-ID
    expect(onOpen).toHaveBeenCalledTimes(1);

    stream.unmount(); // signed out, then in again: a new stream, events in between unsent
    renderHook(() => useLiveStream(true));
    FakeEventSource.made[1].fire('open');
    expect(onOpen).toHaveBeenCalledTimes(2);
  });
});

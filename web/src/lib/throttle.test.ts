import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttle } from './throttle';

describe('throttle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs the first call at once and folds the next ones into one at the interval end', () => {
    const fn = vi.fn();
    const call = throttle(fn, 1000);
    call();
    expect(fn).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 7; i++) {
      vi.advanceTimersByTime(100);
      call();
    }
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(300);
    expect(fn).toHaveBeenCalledTimes(2); // the last call, not lost
    vi.advanceTimersByTime(5000);
    expect(fn).toHaveBeenCalledTimes(2);
    call(); // a call long after the last run goes at once
    expect(fn).toHaveBeenCalledTimes(3);
  });
});

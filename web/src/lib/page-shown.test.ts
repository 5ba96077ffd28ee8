import { afterEach, describe, expect, it, vi } from 'vitest';

// A fresh module per test: "shown" is once per page load.
async function load() {
  vi.resetModules();
  return import('./page-shown');
}

describe('page shown', () => {
  afterEach(() => vi.useRealTimers());

  it('runs waiting work only after the frame that painted the page, once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    const { markPageShown, whenPageShown } = await load();
    const run = vi.fn();
    whenPageShown(run);
    markPageShown();
    markPageShown();
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersToNextFrame();
    expect(run).not.toHaveBeenCalled(); // the frame paints first; the work comes a task later
    vi.runAllTimers();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs work at once when the page is already shown', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    const { markPageShown, whenPageShown } = await load();
    markPageShown();
    vi.runAllTimers();
    const run = vi.fn();
    whenPageShown(run);
    expect(run).toHaveBeenCalledTimes(1);
  });
});

import { act, render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

// Fresh modules per test: "shown" is once per page load, and so is a deferred part's load.
async function load() {
  vi.resetModules();
  const shown = await import('./page-shown');
  const { deferred } = await import('./deferred');
  return { ...shown, deferred };
}

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

class Boundary extends Component<{ children: ReactNode }, { error?: string }> {
  state: { error?: string } = {};
  static getDerivedStateFromError(e: Error) {
    return { error: e.message };
  }
  render() {
    return this.state.error ? <p role="alert">{this.state.error}</p> : this.props.children;
  }
}

describe('deferred parts of a page', () => {
  afterEach(() => vi.useRealTimers());

  it('renders nothing until its module is in, then renders it; once in, at once', async () => {
    const { deferred, markPageShown } = await load();
    markPageShown();
    const chunk = vi.fn(() => Promise.resolve({ default: Greeting }));
    const Part = deferred(chunk);
    const { container, unmount } = render(<Part name="Ada" />);
    expect(container).toBeEmptyDOMElement(); // no placeholder, no suspending
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
    unmount();
    render(<Part name="Lin" />);
    expect(screen.getByText('Hello Lin')).toBeInTheDocument(); // the same render, no wait
    expect(chunk).toHaveBeenCalledTimes(1);
  });

  it('fetches its module once the page is on screen, not before, even when rendered', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    const { deferred, markPageShown } = await load();
    const chunk = vi.fn(() => Promise.resolve({ default: Greeting }));
    const Part = deferred(chunk);
    const { container } = render(<Part name="Ada" />);
    expect(chunk).not.toHaveBeenCalled();
    markPageShown();
    vi.runAllTimers();
    expect(chunk).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
    expect(container).toHaveTextContent('Hello Ada');
  });

  it('gives a chunk that failed to the error boundary, and tries again on the next mount', async () => {
    const { deferred, markPageShown } = await load();
    markPageShown();
    // The fetch once the page is shown and the first mount's both fail; the next mount's works.
    const failure = new Error('Failed to fetch dynamically imported module');
    const chunk = vi
      .fn<() => Promise<{ default: typeof Greeting }>>()
      .mockRejectedValueOnce(failure)
      .mockRejectedValueOnce(failure)
      .mockResolvedValue({ default: Greeting });
    const Part = deferred(chunk);
    vi.spyOn(console, 'error').mockImplementation(() => {}); // React logs the caught error
    const first = render(
      <Boundary>
        <Part name="Ada" />
      </Boundary>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch dynamically imported module');
    first.unmount();
    await act(async () => {
      render(<Part name="Ada" />);
    });
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
    expect(chunk).toHaveBeenCalledTimes(3);
  });
});

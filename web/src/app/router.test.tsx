import { act, render, screen } from '@testing-library/react';
import { Suspense, type ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { page } from './router';

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('page (a route in its own chunk)', () => {
  it('rendered in the browser, waits for its chunk in its own loading state, not a Suspense fallback', async () => {
    const chunk = deferred<{ default: ComponentType }>();
    let calls = 0;
    const Page = page(() => {
      calls += 1;
      return chunk.promise;
    });
    render(
      <Suspense fallback={<p>suspended</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByText('suspended')).toBeNull();
    await act(async () => chunk.resolve({ default: () => <h1>The page</h1> }));
    expect(screen.getByRole('heading', { name: 'The page' })).toBeInTheDocument();
    expect(screen.queryByText('suspended')).toBeNull();
    // One request for the chunk, however many ask (the router's preload, the page).
    await Page.load();
    expect(calls).toBe(1);
  });

  it('renders at once when its chunk was loaded before', async () => {
    const Page = page(() => Promise.resolve({ default: () => <h1>Loaded</h1> }));
    await Page.load();
    render(
      <Suspense fallback={<p>suspended</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByRole('heading', { name: 'Loaded' })).toBeInTheDocument();
  });
});

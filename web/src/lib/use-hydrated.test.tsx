import { act, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useHydrated } from './use-hydrated';

function Probe({ seen }: { seen?: boolean[] }) {
  const hydrated = useHydrated();
  seen?.push(hydrated);
  return <button disabled={!hydrated}>Send</button>;
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('useHydrated', () => {
  it('is false in the build-time render: the prerendered control is disabled', () => {
    expect(renderToString(<Probe />)).toBe('<button disabled="">Send</button>');
  });

  it('is true from the first render in the browser (the app shell)', () => {
    const seen: boolean[] = [];
    render(<Probe seen={seen} />);
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
    expect(seen[0]).toBe(true);
  });

  it('hydrates as false (no mismatch), then turns true', async () => {
    const errors = vi.spyOn(console, 'error');
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Probe />);
    document.body.append(container);
    const button = container.querySelector('button')!;
    expect(button).toBeDisabled();
    const seen: boolean[] = [];
    const recoverable: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <Probe seen={seen} />, { onRecoverableError: (e) => recoverable.push(e) });
    });
    expect(seen[0]).toBe(false);
    expect(seen.at(-1)).toBe(true);
    // The same node, enabled: React kept the prerendered button.
    expect(container.querySelector('button')).toBe(button);
    expect(button).toBeEnabled();
    expect(recoverable).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
  });
});

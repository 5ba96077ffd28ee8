import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { NotificationSettingsForm } from './notification-settings';

const settings = {
  kinds: [{ kind: 'session_reminders', label: 'Session reminders (the evening before)', enabled: false, always: false }],
  publicKey: 'key',
  devices: 0,
  timeZone: 'UTC',
};

afterEach(() => vi.unstubAllGlobals());

describe('NotificationSettingsForm', () => {
  // A switch shows what was clicked at once, while the save is on its way:
  // it flipped back for a render before (e2e notifications.spec, flaky).
  it('keeps a switched box as clicked until the server answers, then shows what it saved', async () => {
    let answer: ((r: Response) => void) | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init?: RequestInit) =>
        init?.method === 'PUT'
          ? new Promise<Response>((resolve) => (answer = resolve))
          : Promise.resolve(new Response(JSON.stringify(settings), { headers: { 'Content-Type': 'application/json' } })),
      ),
    );
    const client = createQueryClient();
    render(
      <QueryClientProvider client={client}>
        <NotificationSettingsForm />
      </QueryClientProvider>,
    );
    const box = await screen.findByRole('checkbox', { name: 'Session reminders (the evening before)' });
    expect(box).not.toBeChecked();
    fireEvent.click(box);
    expect(box).toBeChecked();
    expect(box).toBeDisabled();
    const saved = { ...settings, kinds: [{ ...settings.kinds[0], enabled: true }] };
    await vi.waitFor(() => expect(answer).toBeDefined());
    answer!(new Response(JSON.stringify(saved), { headers: { 'Content-Type': 'application/json' } }));
    await vi.waitFor(() => expect(box).toBeEnabled());
    expect(box).toBeChecked();
  });
});

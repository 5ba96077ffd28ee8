import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import type { RaceResult } from '../api/types';
import { STATIONS } from '../lib/race';
import { ResultForm } from './result-form';

afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const previous = { items: [{ id: 1, division: 'pro_women' }], nextCursor: '' };

function renderForm(props: React.ComponentProps<typeof ResultForm> = {}) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ResultForm {...props} />
    </QueryClientProvider>,
  );
}
const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });

describe('ResultForm', () => {
  it('opens on the previous division, marks what is missing and sends nothing', async () => {
    const fetchMock = vi.fn<(path: string, init?: RequestInit) => Promise<Response>>(async () => json(previous));
    vi.stubGlobal('fetch', fetchMock);
    renderForm();
    await waitFor(() => expect(screen.getByLabelText('Division')).toHaveValue('pro_women'));
    fill('Run 1', '45');
    fireEvent.click(screen.getByRole('button', { name: 'Save result' }));
    expect(await screen.findByText('Run 2 is required.')).toBeInTheDocument();
    // The refusal is the field's error (it was its read-back while typing).
    expect(screen.getByLabelText('Run 1', { exact: true })).toHaveAccessibleDescription('"45" could be seconds or minutes: write 0:45 or 45:00.');
    expect(screen.getByLabelText('Run 1', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Enter at least one station split.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Please check the highlighted times.');
    expect(fetchMock.mock.calls.every(([, init]) => init?.method !== 'POST')).toBe(true);
  });

  it("puts the server's split error on its field", async () => {
    const fetchMock = vi.fn(async (_path: string, init?: RequestInit) =>
      init?.method === 'POST' ? json({ message: 'Run 4 is too fast.', errors: { 'runSplits.3': 'Run 4 is too fast.' } }, 400) : json(previous),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderForm();
    await waitFor(() => expect(screen.getByLabelText('Division')).toHaveValue('pro_women'));
    for (let i = 0; i < 8; i++) {
      fill(`Run ${i + 1}`, '3:30');
      fill(STATIONS[i], '2:00');
    }
    fill('Roxzone (all 16 transitions)', '5:00');
    expect(screen.getByTestId('running-total')).toHaveTextContent('49:00');
    fireEvent.click(screen.getByRole('button', { name: 'Save result' }));
    expect(await screen.findByText('Run 4 is too fast.')).toBeInTheDocument();
    expect(screen.getByLabelText('Run 4', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST') as [string, RequestInit];
    expect(JSON.parse(post[1].body as string)).toMatchObject({ division: 'pro_women', kind: 'simulation', runSplits: Array(8).fill(210), roxzoneSeconds: 300 });
  });

  it('edits a saved result: its values filled in, the changed split sent, the saved result handed back', async () => {
    const result = {
      id: 9,
      date: '2026-02-01',
      eventName: 'HYROX Madrid',
      kind: 'race',
      division: 'open_women',
      runSplits: Array(8).fill(300),
      stationSplits: [240, 150, 200, 180, 260, 100, 200, 220],
      roxzoneSeconds: 450,
      totalSeconds: 4400,
    };
    const fetchMock = vi.fn(async (_path: string, init?: RequestInit) =>
      init?.method === 'PUT' ? json({ ...result, runSplits: [290, ...Array(7).fill(300)], totalSeconds: 4390 }) : json(previous),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onSaved = vi.fn();
    // The fields the form reads; the rest of a saved result does not matter here.
    renderForm({ result: result as unknown as RaceResult, onSaved });
    expect(screen.getByLabelText('Division')).toHaveValue('open_women');
    expect(screen.getByRole('radio', { name: 'Race (official event)' })).toBeChecked();
    expect(screen.getByTestId('running-total')).toHaveTextContent('1:13:20');
    fill('Run 1', '4:50');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 9, totalSeconds: 4390 })));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT') as [string, RequestInit];
    expect(put[0]).toBe('/api/race-results/9');
    expect(JSON.parse(put[1].body as string)).toEqual({
      date: '2026-02-01',
      eventName: 'HYROX Madrid',
      kind: 'race',
      division: 'open_women',
      runSplits: [290, ...Array(7).fill(300)],
      stationSplits: [240, 150, 200, 180, 260, 100, 200, 220],
      roxzoneSeconds: 450,
    });
    // An edit keeps what was saved in the fields.
    expect(screen.getByLabelText('Run 1', { exact: true })).toHaveValue('4:50');
  });
});

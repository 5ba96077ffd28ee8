import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { AvailabilityEditor } from './availability-editor';

const saved = {
  timeZone: 'UTC',
  weekly: [
    { weekday: 1, start: '07:00', end: '09:00' },
    { weekday: 3, start: '18:00', end: '19:00' },
  ],
  exceptions: [{ date: '2099-01-06', kind: 'off' }],
};

afterEach(() => vi.unstubAllGlobals());

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('AvailabilityEditor', () => {
  it("shows the server's error for row N at row N and sends the rows as typed", async () => {
    const fetchMock = vi.fn(async (_path: string, init?: RequestInit) =>
      init?.method === 'PUT'
        ? json({ message: 'The end must be after the start (10:00-09:00).', errors: { 'weekly[1]': 'The end must be after the start (10:00-09:00).' } }, 400)
        : json(saved),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <AvailabilityEditor />
      </QueryClientProvider>,
    );
    const day2 = await screen.findByLabelText('Day of window 2');
    const row2 = day2.closest('li') as HTMLElement;
    fireEvent.change(within(row2).getByLabelText('From'), { target: { value: '10:00' } });
    fireEvent.change(within(row2).getByLabelText('To'), { target: { value: '09:00' } });
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'extra' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save availability' }));

    expect(await within(row2).findByText('The end must be after the start (10:00-09:00).')).toBeInTheDocument();
    expect(day2).toHaveAttribute('aria-invalid', 'true');
    const row1 = screen.getByLabelText('Day of window 1').closest('li') as HTMLElement;
    expect(within(row1).queryByText(/The end must be after/)).toBeNull();
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the marked rows.');

    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT') as [string, RequestInit];
    expect(JSON.parse(put[1].body as string)).toEqual({
      weekly: [
        { weekday: 1, start: '07:00', end: '09:00' },
        { weekday: 3, start: '10:00', end: '09:00' },
      ],
      // Extra hours start at 10:00-12:00 until times are typed.
      exceptions: [{ date: '2099-01-06', kind: 'extra', start: '10:00', end: '12:00' }],
    });
  });

  it('adds and removes rows; a day off sends no times', async () => {
    const fetchMock = vi.fn(async (_path: string, init?: RequestInit) => (init?.method === 'PUT' ? json({ ...saved, weekly: [] }) : json(saved)));
    vi.stubGlobal('fetch', fetchMock);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <AvailabilityEditor />
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Monday 07:00-09:00' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Wednesday 18:00-19:00' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add a weekly window' }));
    fireEvent.change(screen.getByLabelText('Day of window 1'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save availability' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT') as [string, RequestInit];
    expect(JSON.parse(put[1].body as string)).toEqual({
      weekly: [{ weekday: 0, start: '07:00', end: '09:00' }],
      exceptions: [{ date: '2099-01-06', kind: 'off' }],
    });
  });
});

import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { workoutsKey } from '../api/get-workouts';
import type { Workout } from '../api/types';
import { quickLogSchema } from '../schemas';
import { LogWorkoutDialog } from './log-workout-dialog';

const workouts: Workout[] = [
  { id: 7, name: 'Wall Ball Endurance', description: '', targetTime: 25, exercises: [{ name: 'Wall Balls', reps: '5 x 20 reps' }], proTip: '' },
];

function renderDialog() {
  const client = createQueryClient();
  client.setQueryData(workoutsKey, workouts);
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <LogWorkoutDialog userId={3} open onOpenChange={onOpenChange} />
    </QueryClientProvider>,
  );
  return { onOpenChange };
}

afterEach(() => vi.restoreAllMocks());

describe('LogWorkoutDialog', () => {
  it("starts with duration 30:00 and no 'how it felt' chosen", () => {
    renderDialog();
    expect(screen.getByLabelText('Duration')).toHaveValue('30:00');
    expect(screen.getByLabelText('Duration')).toHaveAttribute('inputmode', 'decimal');
    expect((screen.getByLabelText('How it felt') as HTMLSelectElement).value).toBe('');
  });

  it("shows the form messages and sends nothing", async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderDialog();
    fireEvent.change(screen.getByLabelText('Duration'), { target: { value: '5:01:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log Workout' }));
    expect(await screen.findByText('Please select a workout')).toBeInTheDocument();
    expect(screen.getByText('Duration cannot exceed 5 hours')).toBeInTheDocument();
    expect(screen.getByText('Please choose how it felt')).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('reads a duration typed on a phone keypad: 2530 is 25:30, saved as 26 minutes (docs/time-entry.md)', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify({ id: 1 }), { status: 201 }));
    const { onOpenChange } = renderDialog();
    fireEvent.change(screen.getByLabelText('Workout'), { target: { value: '7' } });
    fireEvent.change(screen.getByLabelText('Duration'), { target: { value: '2530' } });
    expect(screen.getByLabelText('Duration')).toHaveAccessibleDescription('Reads as 25 min 30 s, saved as 26 min');
    fireEvent.change(screen.getByLabelText('How it felt'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log Workout' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(JSON.parse(String(fetchSpy.mock.calls[0]![1]?.body)).duration).toBe(26);
  });

  it('posts the log with the workout name, its target time, userId and empty exercises', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify({ id: 1 }), { status: 201 }));
    const { onOpenChange } = renderDialog();
    fireEvent.change(screen.getByLabelText('Workout'), { target: { value: '7' } });
    fireEvent.change(screen.getByLabelText('How it felt'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log Workout' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe('/api/workout-logs');
    expect(JSON.parse(String(init?.body))).toEqual({
      userId: 3,
      workoutId: 7,
      workoutName: 'Wall Ball Endurance',
      duration: 25,
      rating: 3,
      notes: '',
      exercises: {},
    });
  });
});
describe('LogWorkoutDialog server errors', () => {
  it("puts the server's field errors on the fields, with no form message, and stays open", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ message: 'Validation failed', errors: { duration: 'Duration cannot exceed 5 hours' } }), {
        status: 400,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    const { onOpenChange } = renderDialog();
    fireEvent.change(screen.getByLabelText('Workout'), { target: { value: '7' } });
    fireEvent.change(screen.getByLabelText('How it felt'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log Workout' }));
    await waitFor(() => expect(screen.getByLabelText('Duration')).toHaveAccessibleDescription('Duration cannot exceed 5 hours'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});

describe('quickLogSchema', () => {
  it('uses the rating messages', () => {
    const r = quickLogSchema.safeParse({ workoutId: '1', duration: '30:00', rating: '', notes: '' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Please choose how it felt');
    const d = quickLogSchema.safeParse({ workoutId: '1', duration: '0:20', rating: '6', notes: '' });
    expect(d.error?.issues.map((i) => i.message)).toEqual(['Duration must be at least 1 minute', 'Rating cannot exceed 5']);
  });
});

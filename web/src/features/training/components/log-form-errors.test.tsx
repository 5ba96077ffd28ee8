import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';
import { exercisesKey } from '../api/programs';
import { workoutsKey } from '../api/get-workouts';
import { LogForm, logFormValues } from './log-form';

function renderForm(onSubmit: () => Promise<void>) {
  const client = createQueryClient();
  client.setQueryData(workoutsKey, []);
  client.setQueryData(exercisesKey, []);
  const initial = {
    ...logFormValues({ workoutName: 'Engine', rating: 3, exercises: [{ exercise: 'SkiErg', distanceM: 1000, timeS: 230 }] }),
  };
  render(
    <QueryClientProvider client={client}>
      <LogForm initial={initial} submitLabel="Save workout" pending={false} onSubmit={onSubmit} />
    </QueryClientProvider>,
  );
}

describe('LogForm server errors', () => {
  it("puts the server's field errors on the fields, a row's timeS on that row's Time", async () => {
    const onSubmit = vi.fn(() =>
      Promise.reject(
        new ApiError(400, 'Validation failed', { workoutName: 'Workout name must be at most 100 characters', 'exercises.0.timeS': 'Time cannot be negative' }),
      ),
    );
    renderForm(onSubmit);
    fireEvent.click(screen.getByRole('button', { name: 'Save workout' }));
    expect(await screen.findByText('Time cannot be negative')).toBeInTheDocument();
    expect(onSubmit).toHaveBeenCalledOnce();
    const row = screen.getByTestId('exercise-row');
    expect(within(row).getByLabelText('Time', { exact: true })).toHaveAccessibleDescription('Time cannot be negative');
    expect(screen.getByLabelText('Workout name')).toHaveAccessibleDescription('Workout name must be at most 100 characters');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows an error no field takes as the form message', async () => {
    renderForm(() => Promise.reject(new ApiError(400, 'Exercises are too large', { exercises: 'Exercises are too large' })));
    fireEvent.click(screen.getByRole('button', { name: 'Save workout' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Exercises are too large');
  });

  it('falls back to "Failed to save workout" for an error with no message', async () => {
    renderForm(() => Promise.reject(new Error('')));
    fireEvent.click(screen.getByRole('button', { name: 'Save workout' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to save workout');
  });
});

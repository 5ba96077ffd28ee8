import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import type { Food } from '../api/types';
import { CustomFoodDialog } from './custom-food-dialog';

const bar: Food = {
  id: 12,
  name: 'Homemade oat bar',
  group: 'My foods',
  kcal: 400,
  protein: 10,
  carbs: 60,
  fat: 12,
  fiber: 0,
  sugars: 0,
  sodiumMg: 0,
  recent: false,
  favourite: false,
  custom: true,
  defaultMeasure: 'bar',
  measures: [
    { label: 'bar', grams: 60 },
    { label: 'bite', grams: 10 },
  ],
};

/** Opens the dialog and waits for its form, which loads apart (lib/deferred.tsx). */
async function renderEdit(onSaved = vi.fn()) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CustomFoodDialog food={bar} onSaved={onSaved} />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Edit Homemade oat bar' }));
  await screen.findByLabelText('Name');
  return onSaved;
}

afterEach(() => vi.restoreAllMocks());

describe('CustomFoodDialog in edit mode (docs/nutrition-foods.md#custom-foods)', () => {
  it('opens with the food filled in and says logged entries keep their figures', async () => {
    await renderEdit();
    expect(screen.getByRole('dialog', { name: 'Edit custom food' })).toHaveTextContent('Food you already logged keeps its figures');
    expect(screen.getByLabelText('Name')).toHaveValue('Homemade oat bar');
    expect(screen.getByLabelText('Calories per 100 g')).toHaveValue('400');
    expect(screen.getByLabelText('Portion name (optional)')).toHaveValue('bar');
    expect(screen.getByLabelText('Portion weight (g)')).toHaveValue('60');
  });

  it('shows per-field messages and sends nothing on bad input', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    await renderEdit();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: ' ' } });
    fireEvent.change(screen.getByLabelText('Fat per 100 g'), { target: { value: '40' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Protein, carbs and fat add up to more than 100 g')).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('refuses an empty or unreadable figure instead of saving it as 0', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    await renderEdit();
    fireEvent.change(screen.getByLabelText('Calories per 100 g'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Protein per 100 g'), { target: { value: '1.2.3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Calories per 100 g must be between 0 and 900')).toBeInTheDocument();
    expect(screen.getByText('Protein per 100 g must be between 0 and 100 g')).toBeInTheDocument();
    expect(screen.getByLabelText('Calories per 100 g')).toHaveAttribute('inputmode', 'decimal');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('puts the edited food, keeping the portions the dialog does not show', async () => {
    const saved = { ...bar, name: 'Oat bar, less sugar', kcal: 350 };
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(saved), { status: 200 }));
    const onSaved = await renderEdit();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Oat bar, less sugar' } });
    fireEvent.change(screen.getByLabelText('Calories per 100 g'), { target: { value: '350' } });
    // A comma-locale keypad's decimal mark reads as the decimal it is.
    fireEvent.change(screen.getByLabelText('Fat per 100 g'), { target: { value: '12,5' } });
    fireEvent.change(screen.getByLabelText('Portion weight (g)'), { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe('/api/nutrition/custom-foods/12');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Oat bar, less sugar',
      kcal: 350,
      protein: 10,
      carbs: 60,
      fat: 12.5,
      measures: [
        { label: 'bar', grams: 50 },
        { label: 'bite', grams: 10 },
      ],
    });
  });
});

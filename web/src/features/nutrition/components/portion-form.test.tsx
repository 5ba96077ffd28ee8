import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import type { Food } from '../api/types';
import { GRAMS } from '../lib/portion';
import { portionSchema } from '../schemas';
import { PortionForm } from './portion-form';

// Low-fat yogurt: 63 kcal per 100 g, a cup of 245 g (docs/nutrition-foods.md#portions).
const yogurt: Food = {
  id: 7,
  name: 'Yogurt, plain, low fat',
  group: 'Dairy',
  kcal: 63,
  protein: 5.25,
  carbs: 7.04,
  fat: 1.55,
  fiber: 0,
  sugars: 7,
  sodiumMg: 70,
  recent: false,
  favourite: false,
  custom: false,
  defaultMeasure: 'cup (8 fl oz)',
  measures: [{ label: 'cup (8 fl oz)', grams: 245 }],
};

function renderForm() {
  const onSubmit = vi.fn(async () => undefined);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PortionForm food={yogurt} submitText={() => 'Add'} busyText="Adding..." onSubmit={onSubmit} focusTitle={false} />
    </QueryClientProvider>,
  );
  return onSubmit;
}

describe('PortionForm', () => {
  it('reads "1,5" from a comma-locale keypad as one and a half', async () => {
    const onSubmit = renderForm();
    const amount = screen.getByLabelText('How many');
    expect(amount).toHaveAttribute('inputmode', 'decimal');
    fireEvent.change(amount, { target: { value: '1,5' } });
    // 1.5 cups of 245 g: 367.5 g, 232 cal, shown before saving.
    expect(screen.getByTestId('portion-macros')).toHaveTextContent('Weight367.5 gCalories232 cal');
    fireEvent.change(screen.getByLabelText('Meal'), { target: { value: 'lunch' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ measure: 'cup (8 fl oz)', count: 1.5, mealType: 'lunch' }));
  });

  it('refuses an empty amount with the server\'s words, and sends nothing', async () => {
    const onSubmit = renderForm();
    fireEvent.change(screen.getByLabelText('How many'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Count must be more than 0')).toBeInTheDocument();
    expect(screen.getByLabelText('How many')).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('switching to grams starts at 100 g and sends grams', async () => {
    const onSubmit = renderForm();
    fireEvent.change(screen.getByLabelText('Portion'), { target: { value: GRAMS } });
    expect(screen.getByLabelText('Grams')).toHaveValue('100');
    fireEvent.change(screen.getByLabelText('Grams'), { target: { value: '150,5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ grams: 150.5 })));
  });
});

describe('portionSchema (docs/nutrition-foods.md#portions)', () => {
  const issue = (measure: string, amount: string) => {
    const r = portionSchema.safeParse({ measure, amount, mealType: 'lunch' });
    return r.success ? null : r.error.issues[0]?.message;
  };
  it('checks a count and a weight with the server\'s words', () => {
    expect(issue('cup', '0,5')).toBeNull();
    expect(issue('cup', '0')).toBe('Count must be more than 0');
    expect(issue('cup', 'abc')).toBe('Count must be more than 0');
    expect(issue('cup', '101')).toBe('Count cannot exceed 100');
    expect(issue(GRAMS, '5000')).toBeNull();
    expect(issue(GRAMS, '')).toBe('Portion must be more than 0 g');
    expect(issue(GRAMS, '5000,1')).toBe('Portion cannot exceed 5000 g');
  });
});

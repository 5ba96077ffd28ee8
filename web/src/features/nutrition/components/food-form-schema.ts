import { z } from 'zod';
import { MEAL_TYPES } from '../lib/content';

/** docs/product.md#nutrition: numeric inputs are parsed as integers, default 0. */
export function parseIntOrZero(value: string | number | undefined | null): number {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : 0;
  const n = Number.parseInt(String(value ?? '').trim(), 10);
  return Number.isNaN(n) ? 0 : n;
}

const grams = (name: string) =>
  z
    .string()
    .transform(parseIntOrZero)
    .pipe(z.number().min(0, `${name} cannot be negative`).max(1000, `${name} cannot exceed 1000 g`));

/** The log-food form: the messages and bounds of docs/product.md#nutrition. */
export const foodFormSchema = z.object({
  foodName: z.string().trim().min(1, 'Food name is required').max(100, 'Food name must be at most 100 characters'),
  quantity: z.string().trim().min(1, 'Quantity is required').max(50, 'Quantity must be at most 50 characters'),
  calories: z
    .string()
    .transform(parseIntOrZero)
    .pipe(z.number().min(1, 'Calories must be at least 1').max(10000, 'Calories cannot exceed 10000')),
  protein: grams('Protein'),
  carbs: grams('Carbs'),
  fat: grams('Fat'),
  mealType: z.string().refine((v) => (MEAL_TYPES as readonly string[]).includes(v), 'Meal type is required'),
});

export type FoodFormInput = z.input<typeof foodFormSchema>;
export type FoodFormOutput = z.output<typeof foodFormSchema>;

export const emptyFoodForm = (mealType: string): FoodFormInput => ({
  foodName: '',
  quantity: '',
  calories: '',
  protein: '',
  carbs: '',
  fat: '',
  mealType,
});

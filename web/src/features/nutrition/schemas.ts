import { z } from 'zod';
import { MEAL_TYPES } from './lib/content';
import { parseIntOrZero } from './lib/parse-int';

const num = (lo: number, hi: number, msg: string) =>
  z
    .string()
    .transform((v) => Number.parseFloat(v))
    .pipe(z.number({ error: msg }).min(lo, msg).max(hi, msg));
const int = (lo: number, hi: number, msg: string) =>
  z.string().transform(parseIntOrZero).pipe(z.number().min(lo, msg).max(hi, msg));

// The nutrition profile: the body data the server suggests targets from, and
// the daily targets saved (docs/product.md#nutrition).
export const bodySchema = z.object({
  weightKg: num(30, 300, 'Weight must be between 30 and 300 kg'),
  heightCm: num(120, 250, 'Height must be between 120 and 250 cm'),
  age: int(16, 100, 'Age must be between 16 and 100'),
  sex: z.enum(['male', 'female']),
  activity: z.enum(['sedentary', 'light', 'moderate', 'active', 'very_active']),
  goal: z.enum(['lose', 'maintain', 'gain']),
});
export type BodyInput = z.input<typeof bodySchema>;
export type BodyOutput = z.output<typeof bodySchema>;

export const targetsSchema = z.object({
  dailyCalories: int(800, 10000, 'Daily calories must be between 800 and 10000'),
  proteinTarget: int(1, 1000, 'Protein target must be between 1 and 1000 g'),
  carbsTarget: int(1, 1000, 'Carbs target must be between 1 and 1000 g'),
  fatTarget: int(1, 1000, 'Fat target must be between 1 and 1000 g'),
  // Optional: they choose the micronutrients' reference intakes (docs/nutrition-foods.md#micronutrients);
  // '' clears them (sent as '' and 0).
  sex: z.enum(['', 'female', 'male']),
  birthYear: z.string().superRefine((v, ctx) => {
    if (v.trim() === '') return;
    const [lo, hi] = birthYearRange();
    const n = Number(v);
    if (!Number.isInteger(n) || n < lo || n > hi) ctx.addIssue({ code: 'custom', message: `Birth year must be between ${lo} and ${hi}` });
  }).transform((v) => (v.trim() === '' ? 0 : Number(v))),
});

/** Birth years the server takes: ages 14 to 100 this year. */
export function birthYearRange(now = new Date()): [number, number] {
  return [now.getFullYear() - 100, now.getFullYear() - 14];
}
export type TargetsInput = z.input<typeof targetsSchema>;
export type TargetsOutput = z.output<typeof targetsSchema>;

// A manual food entry: name, amount, figures and meal. The server checks the
// rules and words the messages; the figures are sent as the numbers typed.
export const foodEntrySchema = z.object({
  foodName: z.string(),
  quantity: z.string(),
  calories: z.string().transform(Number),
  protein: z.string().transform(Number),
  carbs: z.string().transform(Number),
  fat: z.string().transform(Number),
  mealType: z.enum(MEAL_TYPES),
});
export type FoodEntryInput = z.input<typeof foodEntrySchema>;
export type FoodEntryOutput = z.output<typeof foodEntrySchema>;

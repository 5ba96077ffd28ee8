import { z } from 'zod';
import { parseDecimal } from '@/lib/parse-decimal';
import { MEAL_TYPES } from './lib/content';
import { parseIntOrZero } from './lib/parse-int';
import { GRAMS } from './lib/portion';
import { todayISO } from './lib/dates';
import { validBarcode } from './api/barcodes';

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
// rules and words the messages; the figures are sent as the numbers typed
// ("1,5" is 1.5, parseDecimal; empty is 0, for the server to judge).
const figure = (label: string) =>
  z
    .string()
    .transform((v) => (v.trim() === '' ? 0 : parseDecimal(v)))
    .pipe(z.number({ error: `${label} must be a number` }));
export const foodEntrySchema = z.object({
  foodName: z.string(),
  quantity: z.string(),
  calories: figure('Calories'),
  protein: figure('Protein'),
  carbs: figure('Carbs'),
  fat: figure('Fat'),
  mealType: z.enum(MEAL_TYPES),
});
export type FoodEntryInput = z.input<typeof foodEntrySchema>;
export type FoodEntryOutput = z.output<typeof foodEntrySchema>;

// A decimal typed in a text field with inputMode="decimal": "1.5" or "1,5"
// (parseDecimal); empty or not a number is refused with the field's message.
const decimal = (msg: string) => z.string().transform(parseDecimal).pipe(z.number({ error: msg }));
// Refinements that read several fields run even when one field is refused,
// so every message shows at once.
const always = { when: () => true };

// A portion of a food (docs/nutrition-foods.md#portions): one of its household
// measures and how many, or a weight in grams (measure GRAMS), and the meal. The
// server's rules and words; it checks a measure's total weight again. Shared by
// every form that sets an amount of a food: the portion form (log, edit) and the
// barcode product's grams.
export const portionSchema = z
  .object({
    measure: z.string(),
    amount: z.string().transform(parseDecimal), // NaN when not a number: refused below
    mealType: z.enum(MEAL_TYPES),
  })
  .superRefine(({ measure, amount }, ctx) => {
    const refuse = (message: string) => ctx.addIssue({ code: 'custom', path: ['amount'], message });
    if (measure === GRAMS) {
      if (!(amount > 0)) refuse('Portion must be more than 0 g');
      else if (amount > 5000) refuse('Portion cannot exceed 5000 g');
    } else if (!(amount > 0)) refuse('Count must be more than 0');
    else if (amount > 100) refuse('Count cannot exceed 100');
  }, always);
export type PortionInput = z.input<typeof portionSchema>;
export type PortionOutput = z.output<typeof portionSchema>;

// One of my own foods (docs/nutrition-foods.md#custom-foods), added or edited in
// the same dialog: values per 100 g and an optional first portion. The client
// checks mirror the server's; the server has the last word.
const per100 = (label: string) => {
  const msg = `${label} per 100 g must be between 0 and 100 g`;
  return decimal(msg).pipe(z.number().min(0, msg).max(100, msg));
};
const KCAL_MSG = 'Calories per 100 g must be between 0 and 900';
export const customFoodSchema = z
  .object({
    name: z.string().refine((v) => v.trim() !== '', 'Name is required'),
    kcal: decimal(KCAL_MSG).pipe(z.number().min(0, KCAL_MSG).max(900, KCAL_MSG)),
    protein: per100('Protein'),
    carbs: per100('Carbs'),
    fat: per100('Fat'),
    portion: z.string(),
    portionGrams: z.string().transform(parseDecimal),
  })
  .superRefine((v, ctx) => {
    const ok = (n: unknown) => typeof n === 'number' && n >= 0 && n <= 100;
    if (ok(v.protein) && ok(v.carbs) && ok(v.fat) && v.protein + v.carbs + v.fat > 100) {
      ctx.addIssue({ code: 'custom', path: ['fat'], message: 'Protein, carbs and fat add up to more than 100 g' });
    }
    if (v.portion.trim() && !(v.portionGrams > 0 && v.portionGrams <= 5000)) {
      ctx.addIssue({ code: 'custom', path: ['portionGrams'], message: 'A portion must weigh more than 0 g and at most 5000 g' });
    }
  }, always);
export type CustomFoodInput = z.input<typeof customFoodSchema>;
export type CustomFoodOutput = z.output<typeof customFoodSchema>;

// My correction of a barcode product (docs/nutrition-foods.md#corrections):
// values per 100 g, in the server's words; the server checks how they add up.
const per100g = decimal('Give 0 to 100 g per 100 g.').pipe(z.number().min(0, 'Give 0 to 100 g per 100 g.').max(100, 'Give 0 to 100 g per 100 g.'));
export const productCorrectionSchema = z.object({
  name: z.string(),
  brand: z.string(),
  kcal: decimal('Energy is 0 to 950 kcal per 100 g.').pipe(z.number().min(0, 'Energy is 0 to 950 kcal per 100 g.').max(950, 'Energy is 0 to 950 kcal per 100 g.')),
  protein: per100g,
  carbs: per100g,
  sugars: per100g,
  fat: per100g,
});
export type ProductCorrectionInput = z.input<typeof productCorrectionSchema>;
export type ProductCorrectionOutput = z.output<typeof productCorrectionSchema>;

// A barcode typed (or read from a photo): spaces dropped; EAN-8, UPC-A or EAN-13
// with a correct check digit (docs/nutrition-foods.md#barcodes). The message is
// the form's own, the server's words are for codes it cannot find.
export const BAD_BARCODE = 'That is not a valid barcode: type the 8, 12 or 13 digits under the bars (EAN-8, UPC-A or EAN-13).';
export const barcodeSchema = z.object({
  code: z
    .string()
    .transform((v) => v.replace(/\s/g, ''))
    .refine(validBarcode, BAD_BARCODE),
});
export type BarcodeInput = z.input<typeof barcodeSchema>;
export type BarcodeOutput = z.output<typeof barcodeSchema>;

// Copy a meal or a whole day into another day (docs/nutrition-foods.md#the-diary):
// never from a day in the future (the athlete's today, checked when sent).
export const copyDaySchema = z.object({
  fromDate: z
    .string()
    .refine((v) => v !== '', 'Choose a day to copy from')
    .refine((v) => v === '' || v <= todayISO(), 'You cannot copy from a day in the future.'),
  mealType: z.union([z.literal(''), z.enum(MEAL_TYPES)]),
});
export type CopyDayValues = z.infer<typeof copyDaySchema>;

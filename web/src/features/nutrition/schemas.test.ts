import { describe, expect, it } from 'vitest';
import { barcodeSchema, copyDaySchema, customFoodSchema, foodEntrySchema, productCorrectionSchema } from './schemas';

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

describe('the nutrition forms read decimals typed with a comma (parseDecimal)', () => {
  it('a manual entry: 1,5 g is 1.5, empty is 0 for the server to judge, junk is refused', () => {
    const base = { foodName: 'Oats', quantity: '40 g', mealType: 'breakfast' as const };
    const ok = foodEntrySchema.parse({ ...base, calories: '150', protein: '5,5', carbs: '', fat: '2.5' });
    expect(ok).toMatchObject({ calories: 150, protein: 5.5, carbs: 0, fat: 2.5 });
    expect(messages(foodEntrySchema.safeParse({ ...base, calories: 'abc', protein: '1', carbs: '1', fat: '1' }))).toEqual({ calories: 'Calories must be a number' });
  });

  it('a custom food: every message at once, the sum only of readable figures', () => {
    const v = { name: ' ', kcal: '950', protein: '50', carbs: '40,5', fat: '10', portion: 'bar', portionGrams: '0' };
    expect(messages(customFoodSchema.safeParse(v))).toEqual({
      name: 'Name is required',
      kcal: 'Calories per 100 g must be between 0 and 900',
      fat: 'Protein, carbs and fat add up to more than 100 g',
      portionGrams: 'A portion must weigh more than 0 g and at most 5000 g',
    });
    expect(customFoodSchema.parse({ ...v, name: 'Bar', kcal: '400', carbs: '30,5', portionGrams: '60' })).toMatchObject({ kcal: 400, carbs: 30.5, portionGrams: 60 });
  });

  it('a product correction in the server words', () => {
    const v = { name: 'Gel', brand: 'M', kcal: '', protein: '0', carbs: '62,5', sugars: '101', fat: '0' };
    expect(messages(productCorrectionSchema.safeParse(v))).toEqual({ kcal: 'Energy is 0 to 950 kcal per 100 g.', sugars: 'Give 0 to 100 g per 100 g.' });
  });

  it('a barcode drops spaces and checks its digit; a copy never comes from the future', () => {
    expect(barcodeSchema.parse({ code: '5000 1126 37922' })).toEqual({ code: '5000112637922' });
    expect(messages(barcodeSchema.safeParse({ code: '5000112637923' })).code).toMatch(/^That is not a valid barcode/);
    expect(messages(copyDaySchema.safeParse({ fromDate: '2999-01-01', mealType: '' }))).toEqual({ fromDate: 'You cannot copy from a day in the future.' });
    expect(messages(copyDaySchema.safeParse({ fromDate: '', mealType: 'lunch' }))).toEqual({ fromDate: 'Choose a day to copy from' });
  });
});

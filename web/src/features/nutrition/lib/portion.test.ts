import { describe, expect, it } from 'vitest';
import type { Food } from '../api/types';
import { defaultPortion, entryPortion, GRAMS, isOutsizedPortion, portionGrams, portionMacros } from './portion';

const yogurt: Food = {
  id: 1117,
  name: 'Yogurt, plain, low fat, 12 grams protein per 8 ounce',
  group: 'Dairy and Egg Products',
  kcal: 63,
  protein: 5.25,
  carbs: 7.04,
  fat: 1.55,
  fiber: 0,
  sugars: 7.04,
  sodiumMg: 70,
  recent: false,
  favourite: false,
  custom: false,
  defaultMeasure: 'container (8 oz)',
  measures: [
    { label: 'cup (8 fl oz)', grams: 245 },
    { label: 'container (8 oz)', grams: 227 },
  ],
};

describe('portions', () => {
  it('starts from the natural unit the server names, else 100 g', () => {
    expect(defaultPortion(yogurt)).toEqual({ measure: 'container (8 oz)', amount: '1' });
    expect(defaultPortion({ ...yogurt, defaultMeasure: '' })).toEqual({ measure: GRAMS, amount: '100' });
    expect(defaultPortion({ ...yogurt, defaultMeasure: 'gone' })).toEqual({ measure: GRAMS, amount: '100' });
  });

  it('asks before a portion beyond one sitting', () => {
    expect(isOutsizedPortion(300, 600)).toBe(false);
    expect(isOutsizedPortion(729, 1042)).toBe(false);
    expect(isOutsizedPortion(400, 1501)).toBe(true);
    expect(isOutsizedPortion(1200, 500)).toBe(true);
  });

  it('weighs a measure times its count, or grams', () => {
    expect(portionGrams(yogurt, 'cup (8 fl oz)', 1.5)).toBe(367.5);
    expect(portionGrams(yogurt, GRAMS, 150)).toBe(150);
    expect(portionGrams(yogurt, 'slice', 1)).toBe(0);
  });

  it('computes macros from grams, rounded to whole units', () => {
    expect(portionMacros(yogurt, 367.5)).toEqual({ calories: 232, protein: 19, carbs: 26, fat: 6 });
  });
});

describe('entryPortion', () => {
  it('reads back a measure and count, or grams', () => {
    expect(entryPortion(yogurt, '1.5 cup (8 fl oz)', 367.5)).toEqual({ measure: 'cup (8 fl oz)', amount: '1.5' });
    expect(entryPortion(yogurt, '150 g', 150)).toEqual({ measure: GRAMS, amount: '150' });
    expect(entryPortion(yogurt, '2 tub', 300)).toEqual({ measure: GRAMS, amount: '300' });
  });
});

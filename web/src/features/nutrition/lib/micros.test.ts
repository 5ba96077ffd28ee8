import { describe, expect, it } from 'vitest';
import { birthYearRange, targetsSchema } from '../schemas';
import { commonMissing, commonNote, formatAmount, missingNote } from './micros';

describe('micronutrient wording', () => {
  it('formats amounts by size', () => {
    expect(formatAmount(1367, 'mg')).toBe('1,367 mg');
    expect(formatAmount(2.44, 'µg')).toBe('2.4 µg');
    expect(formatAmount(12.6, 'g')).toBe('13 g');
    expect(formatAmount(0, 'mg')).toBe('0 mg');
  });
  it('says once which foods give nothing', () => {
    expect(commonMissing([{ missing: 2 }, { missing: 1 }, { missing: 3 }])).toBe(1);
    expect(commonMissing([])).toBe(0);
    expect(commonNote(0, 4)).toBe('');
    expect(commonNote(1, 5)).toBe(
      '1 food of 5 logged gives no minerals or vitamins (typed in, a custom food or a scanned product): the totals below are incomplete.',
    );
    expect(commonNote(2, 5)).toContain('2 foods of 5 logged give no minerals');
  });
  it('says when a total is incomplete', () => {
    expect(missingNote(0, 3)).toBe('');
    expect(missingNote(2, 0)).toBe('');
    expect(missingNote(1, 3)).toBe('Incomplete: 1 of 3 foods do not give it.');
    expect(missingNote(3, 3)).toBe('Incomplete: none of the 3 foods give it.');
    expect(missingNote(1, 1)).toBe('Incomplete: the food logged does not give it.');
  });
});

describe('sex and birth year in the profile form', () => {
  const base = { dailyCalories: '2400', proteinTarget: '160', carbsTarget: '290', fatTarget: '67' };
  it('are optional: empty clears them', () => {
    expect(targetsSchema.parse({ ...base, sex: '', birthYear: '' })).toMatchObject({ sex: '', birthYear: 0 });
    expect(targetsSchema.parse({ ...base, sex: 'female', birthYear: '1990' })).toMatchObject({ sex: 'female', birthYear: 1990 });
  });
  it('refuse a birth year outside ages 14 to 100', () => {
    const [lo, hi] = birthYearRange();
    for (const y of [String(hi + 1), String(lo - 1), '19x0']) {
      const r = targetsSchema.safeParse({ ...base, sex: '', birthYear: y });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(`Birth year must be between ${lo} and ${hi}`);
    }
  });
});

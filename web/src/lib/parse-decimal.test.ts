import { describe, expect, it } from 'vitest';
import { parseDecimal } from './parse-decimal';

describe('parseDecimal', () => {
  // What phones let people type: digits with "." or "," as the decimal mark.
  it.each([
    ['1.5', 1.5],
    ['1,5', 1.5],
    ['0,25', 0.25],
    [',5', 0.5],
    ['.5', 0.5],
    ['2', 2],
    ['2.', 2],
    ['2,', 2],
    [' 150 ', 150],
    ['1 500', 1500],
    ['1,234.5', 1234.5],
    ['1.234,5', 1234.5],
    ['1,000', 1],
    ['-3,5', -3.5],
    ['0', 0],
  ])('%j is %d', (text, n) => expect(parseDecimal(text)).toBe(n));

  // Empty or not a number: NaN, never a silent 0 or a partial read ("1.5abc" is not 1.5).
  it.each(['', '  ', 'abc', '1.5abc', '1,5,5', '1.2.3', '--1', '.', ',', '1e3', 'Infinity'])('%j is not a number', (text) =>
    expect(parseDecimal(text)).toBeNaN(),
  );

  it('keeps a number and refuses what is neither text nor number', () => {
    expect(parseDecimal(2.5)).toBe(2.5);
    expect(parseDecimal(undefined)).toBeNaN();
    expect(parseDecimal(null)).toBeNaN();
  });
});

import { describe, expect, it } from 'vitest';
import { categoryLabel, formatAvgRating, ratingLabel } from './format';

describe('workout log formatting', () => {
  it('labels ratings as the product says', () => {
    expect([1, 2, 3, 4, 5].map(ratingLabel)).toEqual(['Very Easy', 'Easy', 'Moderate', 'Hard', 'Very Hard']);
  });
  it('shows the average to one decimal, N/A for zero', () => {
    expect(formatAvgRating(0)).toBe('N/A');
    expect(formatAvgRating(4)).toBe('4.0');
    expect(formatAvgRating(3.333)).toBe('3.3');
  });
  it('names categories', () => {
    expect(categoryLabel('wod')).toBe('WOD');
    expect(categoryLabel('running')).toBe('Running');
  });
});

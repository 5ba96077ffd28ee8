import { describe, expect, it } from 'vitest';
import { parseIntOrZero } from './parse-int';
import { addDays, dayLabel, mealForTime, parseISODay, todayISO } from './dates';
import { percentOf } from './progress';

describe('percentOf (current / target x 100)', () => {
  it('rounds and keeps values over 100', () => {
    expect(percentOf(0, 2500)).toBe(0);
    expect(percentOf(1250, 2500)).toBe(50);
    expect(percentOf(450, 3160)).toBe(14);
    expect(percentOf(3763, 3160)).toBe(119);
    expect(percentOf(10, 0)).toBe(0);
  });
});

describe('days', () => {
  it('moves across month, year and DST boundaries', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
  });
  it('parses only real dates', () => {
    expect(parseISODay('2026-02-30')).toBeNull();
    expect(parseISODay('02/03/2026')).toBeNull();
    expect(parseISODay('2026-02-28')?.getDate()).toBe(28);
  });
  it('labels today and yesterday', () => {
    const today = todayISO(new Date(2026, 2, 2, 23, 30));
    expect(today).toBe('2026-03-02');
    expect(dayLabel('2026-03-02', today)).toBe('Today');
    expect(dayLabel('2026-03-01', today)).toBe('Yesterday');
    expect(dayLabel('2026-02-27', today)).toBe('Fri, Feb 27, 2026');
  });
  it('guesses a meal from the time of day', () => {
    expect(mealForTime(new Date(2026, 2, 2, 7))).toBe('breakfast');
    expect(mealForTime(new Date(2026, 2, 2, 12, 30))).toBe('lunch');
    expect(mealForTime(new Date(2026, 2, 2, 19))).toBe('dinner');
    expect(mealForTime(new Date(2026, 2, 2, 23, 30))).toBe('snack');
  });
});

describe('number fields', () => {
  it('parses numbers as integers, default 0', () => {
    expect(parseIntOrZero('')).toBe(0);
    expect(parseIntOrZero('12.9')).toBe(12);
    expect(parseIntOrZero('abc')).toBe(0);
    expect(parseIntOrZero(' 42 ')).toBe(42);
  });
});

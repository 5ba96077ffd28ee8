import { describe, expect, it } from 'vitest';
import { formatClock, formatRecordValue, recordName, toDateTimeLocal } from './format';

describe('log formatting', () => {
  it('formats clock times', () => {
    expect(formatClock(230)).toBe('3:50');
    expect(formatClock(3725)).toBe('1:02:05');
  });

  it('names records and their values', () => {
    expect(recordName({ exercise: 'SkiErg', measure: '1000 m', kind: 'time' })).toBe('SkiErg 1000 m');
    expect(recordName({ exercise: 'Sandbag lunges', measure: '', kind: 'load' })).toBe('Sandbag lunges (best load)');
    expect(formatRecordValue({ kind: 'time', value: 230 })).toBe('3:50');
    expect(formatRecordValue({ kind: 'load', value: 22.5 })).toBe('22.5 kg');
  });

  it('writes a datetime-local value', () => {
    expect(toDateTimeLocal(new Date(2026, 2, 4, 7, 5))).toBe('2026-03-04T07:05');
  });
});

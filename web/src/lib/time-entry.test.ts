import { describe, expect, it } from 'vitest';
import { formatTimeEntry, parseTimeEntry, spokenTimeEntry, timeEntrySeconds } from './time-entry';

describe('parseTimeEntry', () => {
  // What phones let people type: digits, '.', ',' or ':'.
  it.each([
    ['25:30', 1530],
    ['25.30', 1530],
    ['25,30', 1530],
    ['2530', 1530], // the defect: digits were read as seconds (42:10)
    ['445', 285], // the defect on /race-results: 445 became 7:25
    ['0530', 330],
    ['1:05:30', 3930],
    ['1.05.30', 3930],
    ['10530', 3930],
    ['010530', 3930],
    [' 4:22 ', 262],
    ['83:50', 5030],
    ['0:45', 45],
    ['45:00', 2700],
  ])('%s is %d seconds', (text, seconds) => expect(parseTimeEntry(text)).toEqual({ seconds }));

  it('reads empty text as empty, not as zero', () => {
    expect(parseTimeEntry('  ')).toEqual({ empty: true });
    expect(timeEntrySeconds('')).toBeNull();
  });

  // Ambiguous or not a time: refused with a reason, never guessed.
  it.each([
    ['45', 'could be seconds or minutes'],
    ['7', 'write 0:07 or 7:00'],
    ['25.3', '"25.3" is unclear: write 25:30 or 25:03.'],
    ['25:3', 'unclear'],
    ['1:5:30', 'unclear'],
    ['25:75', 'Seconds go up to 59'],
    ['2575', 'Seconds go up to 59'],
    ['1:65:00', 'Minutes go up to 59'],
    ['16500', 'Minutes go up to 59'],
    ['1234567', 'm:ss or h:mm:ss'],
    ['abc', 'm:ss or h:mm:ss'],
    ['-4:00', 'm:ss or h:mm:ss'],
    ['1:00:00:00', 'm:ss or h:mm:ss'],
    ['25:', 'm:ss or h:mm:ss'],
  ])('refuses %s', (text, reason) => {
    const e = parseTimeEntry(text);
    expect('error' in e && e.error).toContain(reason);
  });
});

describe('formatTimeEntry and spokenTimeEntry', () => {
  it('give back what was read', () => {
    expect(formatTimeEntry(1530)).toBe('25:30');
    expect(formatTimeEntry(3930)).toBe('1:05:30');
    expect(spokenTimeEntry(1530)).toBe('25 min 30 s');
    expect(spokenTimeEntry(3930)).toBe('1 h 5 min 30 s');
    expect(spokenTimeEntry(3600)).toBe('1 h');
    expect(spokenTimeEntry(3605)).toBe('1 h 0 min 5 s');
    expect(spokenTimeEntry(45)).toBe('45 s');
    expect(spokenTimeEntry(0)).toBe('0 s');
    expect(spokenTimeEntry(1500)).toBe('25 min');
  });
  it('round-trip: a formatted time parses back', () => {
    for (const s of [0, 59, 60, 285, 1530, 3599, 3600, 3930, 35999]) {
      expect(parseTimeEntry(formatTimeEntry(s))).toEqual({ seconds: s });
    }
  });
});

import { describe, expect, it } from 'vitest';
import { importSummary, sportLabel } from './summary';

describe('import summary', () => {
  it('names only the counts that are not zero', () => {
    expect(importSummary({ imported: 2, duplicates: 1, failed: 1 })).toBe('2 imported, 1 skipped as a duplicate, 1 failed');
    expect(importSummary({ imported: 0, duplicates: 3, failed: 0 })).toBe('3 skipped as duplicates');
    expect(importSummary({ imported: 0, duplicates: 0, failed: 0 })).toBe('Nothing to import');
  });

  it('labels sports as the logs do', () => {
    expect(sportLabel('row')).toBe('RowErg');
    expect(sportLabel('other')).toBe('Workout');
  });
});

import { describe, expect, it } from 'vitest';
import type { ImportFileResult } from '../api/import-files';
import { importSummary, problemsFirst, sportLabel } from './summary';

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

describe('problemsFirst', () => {
  const ok = (name: string) => ({ name, activities: [{ status: 'imported' }] }) as unknown as ImportFileResult;
  const dup = (name: string) => ({ name, activities: [{ status: 'duplicate' }] }) as unknown as ImportFileResult;
  const bad = (name: string) => ({ name, error: 'is a damaged or incomplete FIT file', activities: [] }) as unknown as ImportFileResult;
  const partly = (name: string) =>
    ({ name, activities: [{ status: 'imported' }, { status: 'failed' }] }) as unknown as ImportFileResult;

  it('puts failed files and files with a failed activity first, each group in its order', () => {
    const files = [ok('a'), bad('b'), dup('c'), partly('d'), ok('e'), bad('f')];
    expect(problemsFirst(files).map((f) => f.name)).toEqual(['b', 'd', 'f', 'a', 'c', 'e']);
  });
});

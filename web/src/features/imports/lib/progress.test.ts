import { describe, expect, it } from 'vitest';
import { archiveLine, filesDone } from './progress';

describe('background import progress', () => {
  it('moves the bar inside the archive being read', () => {
    const reading = { filesRead: 1, filesTotal: 3, archive: { name: 'export.zip', read: 256, total: 1024 } };
    expect(filesDone(reading)).toBe(1.25);
    expect(archiveLine(reading)).toBe('Activities read from export.zip: 256 of 1,024');
  });

  it('counts a finished archive as its file only', () => {
    const read = { filesRead: 2, filesTotal: 3, archive: { name: 'export.zip', read: 1024, total: 1024 } };
    expect(filesDone(read)).toBe(2);
    expect(archiveLine(read)).toBe('Activities read from export.zip: 1,024 of 1,024');
  });

  it('has no archive line without an archive', () => {
    expect(filesDone({ filesRead: 4, filesTotal: 6 })).toBe(4);
    expect(archiveLine({ filesRead: 4, filesTotal: 6 })).toBeUndefined();
  });
});

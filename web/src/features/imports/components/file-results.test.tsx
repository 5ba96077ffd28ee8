import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ImportFileResult } from '../api/import-files';
import { BatchResults, RESULTS_SHOWN } from './file-results';

const file = (i: number, error?: string): ImportFileResult => ({
  name: `activities/${1000 + i}.fit`,
  error,
  activities: error
    ? []
    : [{ status: 'imported', sport: 'run', startedAt: '2026-01-01T06:00:00Z', distanceM: 5000, logId: i + 1 }],
}) as unknown as ImportFileResult;

describe('BatchResults', () => {
  it('shows the failures first and the first files until asked for all', () => {
    const files = [...Array.from({ length: 1000 }, (_, i) => file(i)), file(1000, 'is a damaged or incomplete FIT file')];
    render(<BatchResults files={files} />);
    const list = screen.getByRole('list', { name: 'Background import results' });
    const rows = within(list).getAllByTestId('import-file');
    expect(rows).toHaveLength(RESULTS_SHOWN);
    expect(rows[0]).toHaveTextContent('activities/2000.fit is a damaged or incomplete FIT file');
    fireEvent.click(screen.getByRole('button', { name: 'Show all 1,001 files' }));
    expect(within(list).getAllByTestId('import-file')).toHaveLength(1001);
    expect(screen.queryByRole('button', { name: /Show all/ })).toBeNull();
  });

  it('has no button when every file shows', () => {
    render(<BatchResults files={[file(0), file(1)]} />);
    expect(screen.getAllByTestId('import-file')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /Show all/ })).toBeNull();
  });
});

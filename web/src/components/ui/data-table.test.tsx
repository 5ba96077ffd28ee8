import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataTable, type Column } from './data-table';

type Row = { name: string; time: string; mine?: boolean };
const columns: Column<Row>[] = [
  { header: 'Part', rowHeader: true, cell: (r) => r.name },
  { header: 'Time', align: 'right', cell: (r) => r.time },
];

describe('DataTable', () => {
  it('names each row by its row-header column and labels the other cells for the card layout', () => {
    render(
      <DataTable
        columns={columns}
        rows={[{ name: 'SkiErg', time: '4:00' }, { name: 'Rowing', time: '4:20', mine: true }]}
        rowKey={(r) => r.name}
        rowProps={(r) => (r.mine ? { className: 'bg-muted', 'aria-current': 'true', 'data-testid': 'my-row' } : {})}
        caption="Station times"
      />,
    );
    expect(screen.getByRole('table', { name: 'Station times' })).toBeInTheDocument();
    const header = screen.getByRole('rowheader', { name: 'SkiErg' });
    expect(header).toHaveAttribute('scope', 'row');
    expect(header).not.toHaveAttribute('data-label');
    expect(screen.getByRole('columnheader', { name: 'Time' })).toHaveClass('text-right');
    const mine = screen.getByTestId('my-row');
    expect(mine).toHaveAttribute('aria-current', 'true');
    expect(mine).toHaveClass('bg-muted');
    expect(within(mine).getByRole('cell')).toHaveAttribute('data-label', 'Time');
  });

  it('keeps the table with one full-width row saying it is empty', () => {
    render(<DataTable columns={columns} rows={[]} rowKey={(r) => r.name} empty="No leaderboard data available" />);
    const cell = screen.getByRole('cell', { name: 'No leaderboard data available' });
    expect(cell).toHaveAttribute('colspan', '2');
    expect(screen.getByRole('table')).toBeInTheDocument();
  });
});

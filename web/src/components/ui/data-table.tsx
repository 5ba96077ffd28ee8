import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export type Column<T> = {
  header: string;
  cell: (row: T) => ReactNode;
  /** Classes for this column's cells (alignment, weight). */
  className?: string;
};

/**
 * A table that fits a phone: from the md breakpoint up it is a table; below it
 * each row is a card listing "header: value" pairs, so no column is pushed off
 * screen at 360 px. One DOM for both (CSS only), so tests and assistive
 * technology see each row once.
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  rowTestId,
  caption,
}: {
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  rowTestId?: string;
  /** Read by screen readers; the visible title sits above the table. */
  caption?: string;
}) {
  return (
    <table className="w-full text-left text-sm max-md:block">
      {caption && <caption className="sr-only">{caption}</caption>}
      <thead className="border-b border-border text-muted-foreground max-md:sr-only">
        <tr>
          {columns.map((c) => (
            <th key={c.header} scope="col" className="py-2 pr-4 font-semibold last:pr-0">
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="max-md:grid max-md:gap-3">
        {rows.map((row) => (
          <tr
            key={rowKey(row)}
            data-testid={rowTestId}
            className="border-b border-border last:border-0 max-md:grid max-md:gap-2 max-md:rounded-lg max-md:border max-md:p-3 max-md:last:border"
          >
            {columns.map((c) => (
              <td
                key={c.header}
                data-label={c.header}
                className={cn(
                  'py-3 pr-4 align-top last:pr-0',
                  'max-md:flex max-md:items-start max-md:justify-between max-md:gap-4 max-md:p-0 max-md:before:font-semibold max-md:before:text-muted-foreground max-md:before:content-[attr(data-label)]',
                  c.className,
                )}
              >
                <div className="max-md:text-right">{c.cell(row)}</div>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

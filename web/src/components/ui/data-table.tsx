import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from '@/lib/cn';

export type Column<T> = {
  header: string;
  cell: (row: T) => ReactNode;
  /** Classes for this column's cells (alignment, weight). */
  className?: string;
  /** 'right' aligns the header and the cells (figures); a card puts every value on the right anyway. */
  align?: 'right';
  /**
   * The column that names the row (a `<th scope="row">`, so a screen reader
   * says it with each cell); in a card it is the card's title, without its header.
   */
  rowHeader?: boolean;
};

/** What a row may add to its `<tr>`: a class, aria-current, a test id. */
export type RowProps = Pick<HTMLAttributes<HTMLTableRowElement>, 'className' | 'aria-current'> & { 'data-testid'?: string };

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
  rowProps,
  caption,
  empty,
  className,
}: {
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  rowTestId?: string;
  /** Per-row attributes (a highlighted row, its test id); its className adds to the row's. */
  rowProps?: (row: T) => RowProps;
  /** Read by screen readers; the visible title sits above the table. */
  caption?: string;
  /** Shown in one full-width row when there are no rows (the table and its headers stay). */
  empty?: ReactNode;
  className?: string;
}) {
  return (
    <table className={cn('w-full text-left text-sm max-md:block', className)}>
      {caption && <caption className="sr-only">{caption}</caption>}
      <thead className="border-b border-border text-muted-foreground max-md:sr-only">
        <tr>
          {columns.map((c) => (
            <th key={c.header} scope="col" className={cn('py-2 pr-4 font-semibold last:pr-0', c.align === 'right' && 'text-right')}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="max-md:grid max-md:gap-3">
        {rows.length === 0 && empty != null && (
          <tr className="max-md:block">
            <td colSpan={columns.length} className="py-6 text-center text-muted-foreground max-md:block">
              {empty}
            </td>
          </tr>
        )}
        {rows.map((row) => {
          const { className: rowClassName, ...extra } = rowProps?.(row) ?? {};
          return (
            <tr
              key={rowKey(row)}
              data-testid={rowTestId}
              {...extra}
              className={cn(
                'border-b border-border last:border-0 max-md:grid max-md:gap-2 max-md:rounded-lg max-md:border max-md:p-3 max-md:last:border',
                rowClassName,
              )}
            >
              {columns.map((c) =>
                c.rowHeader ? (
                  <th key={c.header} scope="row" className={cn('py-3 pr-4 align-top font-medium last:pr-0 max-md:block max-md:p-0 max-md:font-semibold', c.className)}>
                    {c.cell(row)}
                  </th>
                ) : (
                  <td
                    key={c.header}
                    data-label={c.header}
                    className={cn(
                      'py-3 pr-4 align-top last:pr-0',
                      c.align === 'right' && 'text-right',
                      'max-md:flex max-md:items-start max-md:justify-between max-md:gap-4 max-md:p-0 max-md:before:font-semibold max-md:before:text-muted-foreground max-md:before:content-[attr(data-label)]',
                      c.className,
                    )}
                  >
                    <div className="max-md:text-right">{c.cell(row)}</div>
                  </td>
                ),
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

import type { ReactNode } from 'react';

export interface Column<Row> {
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Right-align numbers and money. */
  numeric?: boolean;
  className?: string;
}

/**
 * A table that scrolls sideways on small screens instead of breaking the layout.
 * The caption names it for screen readers (visually hidden unless shown).
 */
export function DataTable<Row>({
  caption,
  showCaption = false,
  columns,
  rows,
  rowKey,
  empty,
}: {
  caption: string;
  showCaption?: boolean;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  empty: ReactNode;
}) {
  if (rows.length === 0) return <p className="rounded-xl bg-white p-6 text-center text-muted ring-1 ring-line">{empty}</p>;
  return (
    <div className="relative overflow-x-auto rounded-xl bg-white ring-1 ring-line" tabIndex={0} role="region" aria-label={caption}>
      <table className="min-w-full divide-y divide-line text-left text-sm">
        <caption className={showCaption ? 'p-4 text-left font-semibold' : 'sr-only'}>{caption}</caption>
        <thead className="bg-gray-50">
          <tr>
            {columns.map((column, i) => (
              <th
                key={i}
                scope="col"
                className={`whitespace-nowrap px-4 py-3 font-semibold text-ink ${column.numeric ? 'text-right' : ''} ${column.className ?? ''}`}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rows.map((row) => (
            <tr key={rowKey(row)} className="hover:bg-gray-50">
              {columns.map((column, i) => (
                <td key={i} className={`px-4 py-3 align-top ${column.numeric ? 'text-right tabular-nums' : ''} ${column.className ?? ''}`}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

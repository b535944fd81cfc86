import type { ReactNode } from 'react';

export interface Column<Row> {
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Right-align numbers and money. */
  numeric?: boolean;
  className?: string;
  /** The row's buttons: on a phone card they sit along the bottom, always visible, without a label. */
  actions?: boolean;
}

/**
 * A list of rows: a table from 640 px up, and below that one card per row (ADR 027) — the first
 * column as the card's title, the others as label and value, the actions along the bottom — so
 * nothing scrolls sideways on a phone. Only one of the two is displayed; the other is
 * display:none, so screen readers and tests meet each row once. The caption names it for screen
 * readers (visually hidden unless shown).
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
  const [title, ...rest] = columns.filter((column) => !column.actions);
  const actions = columns.filter((column) => column.actions);
  return (
    <>
      <ul aria-label={caption} className="space-y-3 sm:hidden">
        {rows.map((row) => (
          <li key={rowKey(row)} className="min-w-0 rounded-xl bg-white p-4 shadow-sm ring-1 ring-line">
            <div className="break-words text-base">{title.cell(row)}</div>
            {rest.length > 0 && (
              <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
                {rest.map((column, i) => (
                  <div key={i} className="contents">
                    <dt className="text-muted">{column.header}</dt>
                    <dd className="min-w-0 break-words">{column.cell(row)}</dd>
                  </div>
                ))}
              </dl>
            )}
            {actions.map((column, i) => (
              <div key={i} className="mt-3 border-t border-line pt-2">
                {column.cell(row)}
              </div>
            ))}
          </li>
        ))}
      </ul>
      <div className="relative hidden overflow-x-auto rounded-xl bg-white ring-1 ring-line sm:block" tabIndex={0} role="region" aria-label={caption}>
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
    </>
  );
}

import type { ReactNode } from 'react';
import { TableScroll } from '@sports/shared';

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Leave the column out. */
  hidden?: boolean;
}

export interface DataTableProps<Row> {
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string | number;
  /** Extra attributes of a row (highlighting). */
  rowProps?: (row: Row) => Record<`data-${string}`, string | boolean>;
}

/** A captioned table of rows by column definitions: the detail and intelligence tables. */
export function DataTable<Row>({ caption, columns, rows, rowKey, rowProps }: DataTableProps<Row>) {
  const shown = columns.filter((column) => !column.hidden);
  return (
    <TableScroll>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {shown.map((column) => (
              <th key={column.header} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={rowKey(row, index)} {...rowProps?.(row)}>
              {shown.map((column) => (
                <td key={column.header}>{column.cell(row)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

import type { ReactNode } from 'react';
import { TableScroll } from '@sports/shared';

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  hidden?: boolean;
}

/** A captioned table of rows by column definitions. */
export function KnowledgeTable<Row>({ caption, columns, rows, rowKey, testId }: { caption: string; columns: readonly Column<Row>[]; rows: readonly Row[]; rowKey: (row: Row) => string | number; testId?: string }) {
  const shown = columns.filter((column) => !column.hidden);
  return (
    <TableScroll data-testid={testId}>
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
          {rows.map((row) => (
            <tr key={rowKey(row)}>
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

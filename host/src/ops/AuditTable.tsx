import type { AuditEntry } from '@sports/shared';
import { opsMessages } from './opsMessages';
import { ColumnHeaders } from './ColumnHeaders';
import { opsTime } from './opsFormat';
import { Muted, Table, TableScroll } from './opsStyles';

const text = opsMessages.ops;

/** Who did what, when and why, newest first. */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  const columns = text.auditColumns;
  return (
    <TableScroll>
      <Table>
        <caption>{text.auditCaption}</caption>
        <ColumnHeaders titles={[columns.at, columns.remote, columns.action, columns.release, columns.actor, columns.reason]} />
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} data-audit-action={entry.action}>
              <td>{opsTime(entry.at)}</td>
              <td>{entry.remote}</td>
              <td>{text.actions[entry.action]}</td>
              <td>{entry.releaseId ?? '—'}</td>
              <td>{entry.actor}</td>
              <td>{entry.reason}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      {entries.length === 0 && <Muted>{text.noAudit}</Muted>}
    </TableScroll>
  );
}

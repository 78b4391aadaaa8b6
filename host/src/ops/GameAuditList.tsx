import type { ReactNode } from 'react';
import { ColumnHeaders } from './ColumnHeaders';
import { GameAuditFrame } from './GameAuditFrame';
import { gameAuditCopy } from './gameAuditCopy';
import { Muted, Table, TableScroll } from './opsStyles';
import { type AuditPage, useGameAudit } from './useGameAudit';

export interface GameAuditListProps<Row> {
  /** The section's words: its heading, the table's caption and the empty line (of one room or all). */
  text: { heading: string; caption: (scope: string, shown: number) => string; empty: (scope: string) => string };
  /** `red-packet-audit`: the table's test id and the prefix of the frame's. */
  testIdPrefix: string;
  columns: readonly string[];
  /** One page of the list (a route that does not page answers no `next_cursor`: no 加载更多). */
  load: (roomId: number | null, cursor: number | null) => Promise<AuditPage<Row>>;
  onForbidden: () => void;
  /** One row, keyed (an AuditDisclosureRow that expands to its trail). */
  renderRow: (row: Row) => ReactNode;
}

/**
 * An audit section's list (竞猜审计, 红包审计, 天选审计): the room filter and refresh (GameAuditFrame),
 * the table of rows newest first, the empty line, and 加载更多 where the route pages.
 */
export function GameAuditList<Row>({ text, testIdPrefix, columns, load, onForbidden, renderRow }: GameAuditListProps<Row>) {
  const audit = useGameAudit<Row>(load, onForbidden);
  const scope = gameAuditCopy.common.scope(audit.roomId);
  const more = audit.view?.cursor != null ? { loading: audit.loadingMore, load: () => void audit.loadMore() } : null;
  return (
    <GameAuditFrame heading={text.heading} testIdPrefix={testIdPrefix} roomId={audit.roomId} showRoom={audit.showRoom} reload={audit.reload} loadError={audit.loadError} loaded={audit.view !== null} more={more}>
      {audit.view && (
        <>
          <TableScroll>
            <Table data-testid={testIdPrefix}>
              <caption>{text.caption(scope, audit.view.list.length)}</caption>
              <ColumnHeaders titles={columns} />
              <tbody>{audit.view.list.map(renderRow)}</tbody>
            </Table>
          </TableScroll>
          {audit.view.list.length === 0 && <Muted>{text.empty(scope)}</Muted>}
        </>
      )}
    </GameAuditFrame>
  );
}

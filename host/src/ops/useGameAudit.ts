import { type OpsListPage, useOpsList } from './useOpsList';

/** A page of an audit list (`next_cursor` null: the last page, or a list that does not page). */
export type AuditPage<Row> = OpsListPage<Row, number>;

/**
 * An audit section's list (竞猜审计, 红包审计, 天选审计): of one room or all, newest first as the
 * server orders it, more by cursor where the route pages (useOpsList). Choosing a room reloads.
 */
export function useGameAudit<Row>(load: (roomId: number | null, cursor: number | null) => Promise<AuditPage<Row>>, onForbidden: () => void) {
  const { filter: roomId, view, loadError, loadingMore, reload, loadMore, showFilter: showRoom } = useOpsList<number | null, Row, number>(load, null, onForbidden);
  return { roomId, view, loadError, loadingMore, reload, loadMore, showRoom };
}

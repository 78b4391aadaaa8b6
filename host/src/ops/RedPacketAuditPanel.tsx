import { useCallback } from 'react';
import { GameAuditList } from './GameAuditList';
import { AuditDisclosureRow } from './AuditDisclosureRow';
import { gameAuditCopy } from './gameAuditCopy';
import type { OpsApi } from './opsApi';
import { RedPacketAuditTrail, type OpsRedPacket } from './RedPacketAuditTrail';

const text = gameAuditCopy.redPackets;
const COLUMNS = [text.columns.id, text.columns.room, text.columns.funder, text.columns.coins, text.columns.shares, text.columns.grabbed, text.columns.condition, text.columns.createdAt, text.columns.expiresAt, text.columns.state, text.columns.audit];

function condition(packet: OpsRedPacket): string {
  const parts = [packet.followers_only === 1 ? text.conditions.followers : null, packet.password === null ? null : text.conditions.password(packet.password)].filter((part): part is string => part !== null);
  return parts.length === 0 ? text.conditions.none : parts.join('，');
}

function RedPacketRow({ packet }: { packet: OpsRedPacket }) {
  const finished = packet.finished_at !== null;
  const grabbed = packet.share_list.filter((share) => share.member_id !== null).length;
  return (
    <AuditDisclosureRow
      testId={`red-packet-audit-row-${packet.id}`}
      rowProps={{ 'data-state': finished ? 'finished' : 'open' }}
      columns={COLUMNS.length}
      label={text.detailLabel(packet.id)}
      cells={
        <>
          <td data-numeric>{packet.id}</td>
          <td data-numeric>{packet.room_id}</td>
          <td data-numeric>{packet.funder_id}</td>
          <td data-numeric>{packet.total_coins}</td>
          <td data-numeric>{packet.shares}</td>
          <td data-numeric>{text.grabbed(grabbed, packet.shares)}</td>
          <td>{condition(packet)}</td>
          <td>{packet.created_at}</td>
          <td>{packet.expires_at}</td>
          <td data-testid={`red-packet-audit-state-${packet.id}`}>{finished ? text.states.finished : text.states.open}</td>
        </>
      }
    >
      {() => <RedPacketAuditTrail packet={packet} />}
    </AuditDisclosureRow>
  );
}

/**
 * 红包审计 (`api/ops/redPackets?room_id=`): the newest 50 packets of a room or of all rooms (the
 * route does not page), each expandable to its audit trail with 校验 (RedPacketAuditTrail).
 * Times are China time as the server writes them.
 */
export function RedPacketAuditPanel({ api, onForbidden }: { api: OpsApi; onForbidden: () => void }) {
  const load = useCallback((roomId: number | null) => api.opsRedPackets(roomId), [api]);
  return <GameAuditList text={text} testIdPrefix="red-packet-audit" columns={COLUMNS} load={load} onForbidden={onForbidden} renderRow={(packet: OpsRedPacket) => <RedPacketRow key={packet.id} packet={packet} />} />;
}

import type { OpsRedPacketList } from '@sports/shared';
import { ColumnHeaders } from './ColumnHeaders';
import { gameAuditCopy } from './gameAuditCopy';
import { Table, TableScroll } from './opsStyles';
import { RedPacketVerifyLine } from './RedPacketVerifyLine';

export type OpsRedPacket = OpsRedPacketList['list'][number];
type OpsRedPacketShare = OpsRedPacket['share_list'][number];

const text = gameAuditCopy.redPackets;
const none = gameAuditCopy.common.none;

function shareState(share: OpsRedPacketShare): string {
  if (share.refunded === 1) return text.shareStates.refunded;
  return share.member_id === null ? text.shareStates.free : text.shareStates.grabbed;
}

/**
 * One red packet's audit trail (`api/ops/redPackets`): the committed seed hash and the seed, 校验
 * once finished, the funding and refund ledger sets, the 口令 entries, and every share (index,
 * amount, member, China time, address, device, refunded, the grab's ledger key).
 */
export function RedPacketAuditTrail({ packet }: { packet: OpsRedPacket }) {
  const { id } = packet;
  const finished = packet.finished_at !== null;
  const columns = text.shareColumns;
  return (
    <>
      <h3>{text.seed}</h3>
      <dl>
        <dt>{text.seedHash}</dt>
        <dd>
          <code data-testid={`red-packet-audit-seed-hash-${id}`}>{packet.seed_hash}</code>
        </dd>
        <dt>{text.seed}</dt>
        <dd>
          <code data-testid={`red-packet-audit-seed-${id}`}>{packet.seed}</code>
          {!finished && text.seedHidden}
        </dd>
        <dt>{text.verify}</dt>
        <dd>
          <RedPacketVerifyLine packet={packet} finished={finished} testId={`red-packet-audit-verify-${id}`} />
        </dd>
      </dl>
      <h3>{text.ledgerHeading}</h3>
      <dl>
        <dt>{text.ledger}</dt>
        <dd>
          <div data-testid={`red-packet-audit-funding-${id}`}>{text.fundingSet(packet.funding_set_id)}</div>
          <div data-testid={`red-packet-audit-refund-${id}`}>
            {packet.refund_set_id === null ? text.noRefund(finished) : text.refundSet(packet.refund_set_id, packet.refunded_coins ?? 0, id)}
          </div>
        </dd>
        <dt>{text.entries}</dt>
        <dd data-testid={`red-packet-audit-entries-${id}`}>{packet.password === null ? text.noPassword : text.entriesText(packet.password, packet.entries)}</dd>
      </dl>
      <TableScroll>
        <Table data-testid={`red-packet-audit-shares-${id}`}>
          <caption>{text.sharesCaption(id, packet.share_list.length)}</caption>
          <ColumnHeaders titles={[columns.idx, columns.amount, columns.member, columns.grabbedAt, columns.ip, columns.device, columns.state, columns.ledgerKey]} />
          <tbody>
            {packet.share_list.map((share) => (
              <tr key={share.idx} data-testid={`red-packet-share-${id}-${share.idx}`} data-member={share.member_id ?? ''}>
                <td data-numeric>{share.idx}</td>
                <td data-numeric>{share.amount}</td>
                <td>{share.member_id ?? none}</td>
                <td>{share.grabbed_at ?? none}</td>
                <td>{share.ip ?? none}</td>
                <td>{share.device ?? none}</td>
                <td>{shareState(share)}</td>
                <td>{share.ledger_key === null ? none : <code>{share.ledger_key}</code>}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </TableScroll>
    </>
  );
}

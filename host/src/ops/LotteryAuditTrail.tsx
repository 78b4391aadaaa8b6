import type { OpsLottery } from '@sports/shared';
import { Badge } from '@sports/shared';
import { ColumnHeaders } from './ColumnHeaders';
import { gameAuditCopy } from './gameAuditCopy';
import { LotteryVerifyLine } from './LotteryVerifyLine';
import { Table, TableScroll } from './opsStyles';

const text = gameAuditCopy.lotteries;
const none = gameAuditCopy.common.none;

function resultText(lottery: OpsLottery): string {
  if (lottery.cancelled_at !== null) return text.cancelledAt(lottery.cancelled_at);
  if (lottery.drawn_at !== null) return text.drawnAt(lottery.drawn_at);
  return text.notDrawn;
}

/**
 * One lottery's audit trail (`api/ops/lotteries`): the committed seed hash and the seed, 校验 once
 * drawn, the draw or cancellation and the winners, the prize's escrow and refund ledger sets, and
 * every entry (member, China time, how, address, device, won, the prize's ledger key).
 */
export function LotteryAuditTrail({ lottery }: { lottery: OpsLottery }) {
  const { id } = lottery;
  const drawn = lottery.state === 'drawn';
  const columns = text.entryColumns;
  return (
    <>
      <h3>{text.seed}</h3>
      <dl>
        <dt>{text.seedHash}</dt>
        <dd>
          <code data-testid={`lottery-audit-seed-hash-${id}`}>{lottery.seed_hash}</code>
        </dd>
        <dt>{text.seed}</dt>
        <dd>
          <code data-testid={`lottery-audit-seed-${id}`}>{lottery.seed}</code>
          {lottery.state === 'open' && text.seedHidden}
        </dd>
        <dt>{text.verify}</dt>
        <dd>
          <LotteryVerifyLine lottery={lottery} drawn={drawn} testId={`lottery-audit-verify-${id}`} />
        </dd>
      </dl>
      <h3>{text.resultHeading}</h3>
      <dl>
        <dt>{text.result}</dt>
        <dd data-testid={`lottery-audit-result-${id}`}>
          <div>{resultText(lottery)}</div>
          {drawn && <div>{text.winnerIds(lottery.winner_ids)}</div>}
        </dd>
        <dt>{text.ledger}</dt>
        <dd data-testid={`lottery-audit-ledger-${id}`}>
          <div>{lottery.funding_set_id === null ? text.noFunding : text.fundingSet(lottery.funding_set_id)}</div>
          <div>{lottery.refund_set_id === null ? text.noRefund : text.refundSet(lottery.refund_set_id, lottery.refunded_coins ?? 0)}</div>
        </dd>
      </dl>
      <TableScroll>
        <Table data-testid={`lottery-audit-entries-${id}`}>
          <caption>{text.entriesCaption(id, lottery.entry_list.length)}</caption>
          <ColumnHeaders titles={[columns.member, columns.enteredAt, columns.via, columns.ip, columns.device, columns.won, columns.ledgerKey]} />
          <tbody>
            {lottery.entry_list.map((entry) => (
              <tr key={entry.member_id} data-testid={`lottery-entry-${id}-${entry.member_id}`} data-won={entry.won}>
                <td data-numeric>{entry.member_id}</td>
                <td>{entry.entered_at}</td>
                <td>{text.via[entry.via]}</td>
                <td>{entry.ip ?? none}</td>
                <td>{entry.device ?? none}</td>
                <td>{entry.won === 1 ? <Badge tone="success">{text.won}</Badge> : none}</td>
                <td>{entry.ledger_key === null ? none : <code>{entry.ledger_key}</code>}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </TableScroll>
    </>
  );
}

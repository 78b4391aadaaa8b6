import type { PredictionOpsList } from '@sports/shared';
import { Badge } from '@sports/shared';
import { ColumnHeaders } from './ColumnHeaders';
import { gameAuditCopy } from './gameAuditCopy';
import { opsTime } from './opsFormat';
import { Table, TableScroll } from './opsStyles';

export type OpsPredictionRow = PredictionOpsList['list'][number];
type AuditEntry = OpsPredictionRow['audit'][number];

const text = gameAuditCopy.predictions;
const none = gameAuditCopy.common.none;

function detailValue(value: unknown): string {
  if (value === null || value === undefined) return none;
  if (Array.isArray(value)) return value.map(detailValue).join(' / ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** An audit entry's figures as `奖池 30 · 派奖 29 …` (the server's JSON, named where known; shown as text). */
export function auditDetailText(entry: AuditEntry, outcomes: readonly { index: number; label: string }[]): string {
  const parts = Object.entries(entry.detail).map(([key, value]) => {
    const shown = key === 'winner' && typeof value === 'number' ? (outcomes.find((outcome) => outcome.index === value)?.label ?? String(value)) : detailValue(value);
    return `${text.detailKeys[key] ?? key} ${shown}`;
  });
  return parts.length === 0 ? none : parts.join(' · ');
}

/**
 * One prediction's audit trail (`api/ops/predictions`): each outcome's pool, stakes and share with
 * the winner, the settlement (pool, payouts, the remainder to the platform) or the refund, its
 * ledger set and keys, and every audited action (created, cancelled, settled, refunded: who,
 * when in China time, the figures).
 */
export function PredictionAuditTrail({ row }: { row: OpsPredictionRow }) {
  const { prediction } = row;
  const { id } = prediction;
  const refund = prediction.state === 'refunded' || prediction.state === 'cancelled';
  const closed = refund || prediction.state === 'settled';
  const outcomeColumns = text.outcomeColumns;
  const auditColumns = text.auditColumns;
  return (
    <>
      <TableScroll>
        <Table data-testid={`prediction-audit-outcomes-${id}`}>
          <caption>{text.outcomesCaption(id)}</caption>
          <ColumnHeaders titles={[outcomeColumns.label, outcomeColumns.pool, outcomeColumns.stakes, outcomeColumns.share, outcomeColumns.result]} />
          <tbody>
            {prediction.outcomes.map((outcome) => (
              <tr key={outcome.index} data-testid={`prediction-outcome-${id}-${outcome.index}`}>
                <td>{outcome.label}</td>
                <td data-numeric>{outcome.pool}</td>
                <td data-numeric>{outcome.stakes}</td>
                <td data-numeric>{`${outcome.share}%`}</td>
                <td>{prediction.winning_outcome === outcome.index ? <Badge tone="success">{text.winner}</Badge> : none}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </TableScroll>
      <StakesTable row={row} />
      <h3>{text.settlementHeading}</h3>
      <dl>
        <dt>{text.settlement}</dt>
        <dd data-testid={`prediction-audit-settlement-${id}`}>
          {!closed ? text.notSettled : refund ? text.refunded(prediction.pool) : text.settled(prediction.pool, row.paid ?? 0, row.remainder ?? 0)}
          {prediction.settled_text !== null && `（${prediction.settled_text}）`}
        </dd>
        <dt>{text.ledger}</dt>
        <dd data-testid={`prediction-audit-ledger-${id}`}>
          <div>{text.stakeKeys}</div>
          {row.settle_set_id !== null && <div>{text.settleSet(row.settle_set_id, id, refund)}</div>}
          {(row.remainder ?? 0) > 0 && <div>{text.remainderKey(id)}</div>}
        </dd>
      </dl>
      <TableScroll>
        <Table data-testid={`prediction-audit-log-${id}`}>
          <caption>{text.auditCaption(id)}</caption>
          <ColumnHeaders titles={[auditColumns.at, auditColumns.action, auditColumns.actor, auditColumns.detail]} />
          <tbody>
            {row.audit.map((entry, index) => (
              <tr key={`${entry.at}-${index}`} data-action={entry.action}>
                <td>{opsTime(new Date(entry.at).toISOString())}</td>
                <td>{text.actions[entry.action]}</td>
                <td>{entry.actor}</td>
                <td>{auditDetailText(entry, prediction.outcomes)}</td>
              </tr>
            ))}
            {row.audit.length === 0 && (
              <tr>
                <td colSpan={4}>{text.noAudit}</td>
              </tr>
            )}
          </tbody>
        </Table>
      </TableScroll>
    </>
  );
}

/** Each member's stake (the largest first, up to the route's cap): outcome, amount, what it paid, when, its ledger set. */
function StakesTable({ row }: { row: OpsPredictionRow }) {
  const { prediction } = row;
  const stakes = row.stake_list ?? [];
  const columns = text.stakeColumns;
  const labelOf = (index: number) => prediction.outcomes.find((outcome) => outcome.index === index)?.label ?? String(index);
  return (
    <TableScroll>
      <Table data-testid={`prediction-audit-stakes-${prediction.id}`}>
        <caption>{text.stakesCaption(prediction.id, stakes.length, row.stakes)}</caption>
        <ColumnHeaders titles={[columns.member, columns.outcome, columns.amount, columns.payout, columns.at, columns.set]} />
        <tbody>
          {stakes.map((stake) => (
            <tr key={stake.member_id}>
              <td>{`${stake.nickname}（${stake.member_id}）`}</td>
              <td>{labelOf(stake.outcome)}</td>
              <td data-numeric>{stake.amount}</td>
              <td data-numeric>{stake.payout ?? text.notPaidYet}</td>
              <td>{stake.at_text}</td>
              <td data-numeric>{`#${stake.set_id}`}</td>
            </tr>
          ))}
          {stakes.length === 0 && (
            <tr>
              <td colSpan={6}>{text.noStakes}</td>
            </tr>
          )}
        </tbody>
      </Table>
    </TableScroll>
  );
}

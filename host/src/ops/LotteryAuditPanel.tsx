import { useCallback } from 'react';
import { GameAuditList } from './GameAuditList';
import type { OpsLottery } from '@sports/shared';
import { AuditDisclosureRow } from './AuditDisclosureRow';
import { gameAuditCopy } from './gameAuditCopy';
import { LotteryAuditTrail } from './LotteryAuditTrail';
import type { OpsApi } from './opsApi';

const text = gameAuditCopy.lotteries;
const COLUMNS = [text.columns.id, text.columns.room, text.columns.anchor, text.columns.prize, text.columns.winners, text.columns.entrants, text.columns.condition, text.columns.createdAt, text.columns.endsAt, text.columns.state, text.columns.audit];

function prize(lottery: OpsLottery): string {
  return lottery.prize_coins !== null ? text.prizeCoins(lottery.prize_coins) : text.prizeItem(lottery.prize_item ?? '');
}

function condition(lottery: OpsLottery): string {
  if (lottery.condition === 'password') return text.conditions.password(lottery.password ?? '');
  if (lottery.condition === 'medal') return text.conditions.medal(lottery.medal_level ?? 1);
  return text.conditions.follow;
}

function LotteryRow({ lottery }: { lottery: OpsLottery }) {
  return (
    <AuditDisclosureRow
      testId={`lottery-audit-row-${lottery.id}`}
      rowProps={{ 'data-state': lottery.state }}
      columns={COLUMNS.length}
      label={text.detailLabel(lottery.id)}
      cells={
        <>
          <td data-numeric>{lottery.id}</td>
          <td data-numeric>{lottery.room_id}</td>
          <td data-numeric>{lottery.anchor_id}</td>
          <td>{prize(lottery)}</td>
          <td data-numeric>{lottery.winners}</td>
          <td data-numeric>{lottery.entry_list.length}</td>
          <td>{condition(lottery)}</td>
          <td>{lottery.created_at}</td>
          <td>{lottery.ends_at}</td>
          <td data-testid={`lottery-audit-state-${lottery.id}`}>{text.states[lottery.state]}</td>
        </>
      }
    >
      {() => <LotteryAuditTrail lottery={lottery} />}
    </AuditDisclosureRow>
  );
}

/**
 * 天选审计 (`api/ops/lotteries?room_id=`): the newest 50 lotteries of a room or of all rooms (the
 * route does not page), each expandable to its audit trail with 校验 (LotteryAuditTrail). Times
 * are China time as the server writes them.
 */
export function LotteryAuditPanel({ api, onForbidden }: { api: OpsApi; onForbidden: () => void }) {
  const load = useCallback((roomId: number | null) => api.opsLotteries(roomId), [api]);
  return <GameAuditList text={text} testIdPrefix="lottery-audit" columns={COLUMNS} load={load} onForbidden={onForbidden} renderRow={(lottery: OpsLottery) => <LotteryRow key={lottery.id} lottery={lottery} />} />;
}

import type { ChatLotteryEvent } from '@sports/shared/server';
import type { FastifyBaseLogger } from 'fastify';
import type { LotteryRow } from './lotteryService';

/** The chat's port lotteries speak through (`app.chatHub.announceLottery`). */
export interface LotteryOutlet {
  announceLottery(ownerId: number, text: string, event: ChatLotteryEvent): void;
}

function base(lottery: LotteryRow): Omit<ChatLotteryEvent, 'event'> {
  return {
    lotteryId: lottery.id,
    roomId: lottery.room_id,
    anchorNickname: lottery.anchor_nickname.slice(0, 100),
    prizeCoins: lottery.prize_coins,
    prizeItem: lottery.prize_item,
    winners: lottery.winners,
    condition: lottery.condition,
    password: lottery.password,
    medalLevel: lottery.medal_level,
    endsAt: lottery.ends_at.getTime(),
    seedHash: lottery.seed_hash,
  };
}

/** The prize as lines say it: `每人 100 金币` or the item. */
export function prizeText(lottery: Pick<LotteryRow, 'prize_coins' | 'prize_item'>): string {
  return lottery.prize_coins !== null ? `每人 ${lottery.prize_coins} 金币` : `「${lottery.prize_item ?? ''}」`;
}

export function conditionText(lottery: Pick<LotteryRow, 'condition' | 'password' | 'medal_level'>): string {
  if (lottery.condition === 'password') return `发送弹幕「${lottery.password ?? ''}」即可参与`;
  if (lottery.condition === 'medal') return `粉丝勋章 ${lottery.medal_level ?? 1} 级及以上可参与`;
  return '关注主播即可参与';
}

/**
 * After commit, the room hears it: a failed delivery is logged and goes no further (the coins
 * moved; the page reads api/Lottery/info), like red packets' announcements.
 */
function tell(outlet: LotteryOutlet, log: FastifyBaseLogger, ownerId: number, text: string, event: ChatLotteryEvent): void {
  try {
    outlet.announceLottery(ownerId, text, event);
  } catch (error) {
    log.error({ err: error, lotteryId: event.lotteryId, event: event.event }, 'lotteries: telling the room failed after commit');
  }
}

export function announceOpened(outlet: LotteryOutlet, log: FastifyBaseLogger, lottery: LotteryRow): void {
  tell(outlet, log, lottery.anchor_id, `${lottery.anchor_nickname} 发起了天选时刻：${prizeText(lottery)}，${lottery.winners} 人中奖，${conditionText(lottery)}`, { event: 'opened', ...base(lottery) });
}

export function announceDrawn(outlet: LotteryOutlet, log: FastifyBaseLogger, lottery: LotteryRow, entrants: number, winners: Array<{ memberId: number; nickname: string }>): void {
  const names = winners.map((winner) => winner.nickname);
  const shown = names.length > 10 ? `${names.slice(0, 10).join('、')} 等 ${names.length} 人` : names.join('、');
  const text = winners.length === 0 ? `${lottery.anchor_nickname} 的天选时刻已开奖：无人参与` : `${lottery.anchor_nickname} 的天选时刻已开奖，恭喜 ${shown} 中奖（${prizeText(lottery)}）`;
  tell(outlet, log, lottery.anchor_id, text, { event: 'drawn', ...base(lottery), seed: lottery.seed, entrants, winnerList: winners.map((winner) => ({ memberId: winner.memberId, nickname: winner.nickname.slice(0, 100) })) });
}

export function announceCancelled(outlet: LotteryOutlet, log: FastifyBaseLogger, lottery: LotteryRow): void {
  tell(outlet, log, lottery.anchor_id, `${lottery.anchor_nickname} 的天选时刻已取消`, { event: 'cancelled', ...base(lottery), seed: lottery.seed });
}

import { atom } from 'jotai';
import type { ChatGroupMessage, ChatLotteryEvent } from '@sports/shared';

/** An event older than this when it arrives is history (the join's backlog): the panel does not jump for it. */
export const LOTTERY_FRESH_MS = 30_000;

/** The last lottery event the room's chat heard (cloudCustomData.lottery; useRoomChat sets it), with a count so a repeat still changes it. */
export const lotteryEventAtom = atom<{ seq: number; event: ChatLotteryEvent } | null>(null);

/** The lottery event a fresh system line carries; null otherwise (only the server writes it). */
export function lotteryEventOf(message: ChatGroupMessage, now: number): ChatLotteryEvent | null {
  const event = message.from.role === 'system' ? message.cloudCustomData.lottery : undefined;
  if (event === undefined || now - message.sentAt > LOTTERY_FRESH_MS) return null;
  return event;
}

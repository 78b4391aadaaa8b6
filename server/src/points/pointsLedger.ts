import type { AccountRef } from '../wallet/index';

/** Where every earned point comes from (migration 0034; allowed below zero: minus the points in circulation). */
export const POINTS_ISSUED: AccountRef = { kind: 'points_issued' };

/** A member's points account. */
export function pointsOf(userId: number): AccountRef {
  return { kind: 'member_points', owner: userId };
}

/** The ledger kinds of points lines (the history shows them; predictions will add theirs). */
export const POINTS_KINDS = { checkIn: 'points_checkin', watch: 'points_watch', chat: 'points_chat' } as const;

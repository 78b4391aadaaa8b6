import { seedHmac } from '../infra/commitReveal';

/**
 * The draw (README.md "Verifying a draw"), recomputable by anyone from the revealed seed and the
 * published entrant ids:
 *
 * 1. seed and commitment as red packets' (infra/commitReveal.ts): 64 lowercase hex characters,
 *    sha-256 of them shown from the lottery's start, the seed revealed at the draw.
 * 2. Each entrant's ticket = HMAC-SHA256(key = the seed's 64 characters as UTF-8,
 *    message = "lottery-entry:" + the member's id in decimal), as 64 lowercase hex characters.
 * 3. Entrants sorted by ticket ascending (the smaller member id first on an equal ticket); the
 *    first `winners` of them win, in that order. Fewer entrants than winners: every entrant wins.
 */
export function lotteryTicket(seed: string, memberId: number): string {
  return seedHmac(seed, `lottery-entry:${memberId}`).toString('hex');
}

/** The winners' member ids, in draw order. */
export function drawWinners(seed: string, entrantIds: readonly number[], winners: number): number[] {
  return entrantIds
    .map((id) => ({ id, ticket: lotteryTicket(seed, id) }))
    .sort((a, b) => (a.ticket < b.ticket ? -1 : a.ticket > b.ticket ? 1 : a.id - b.id))
    .slice(0, Math.max(0, winners))
    .map((entry) => entry.id);
}

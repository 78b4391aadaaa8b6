import { sha256Hex } from './redPacketVerify';

/**
 * 校验 of a drawn lottery, in the browser from its revealed seed and its entrants, by the rule in
 * server/src/lotteries/README.md ("Verifying a draw"; the server's lotteryDraw.ts), with WebCrypto:
 *
 * 1. seed_hash = SHA-256 (hex) of the seed's 64 characters as UTF-8 (as red packets');
 * 2. each entrant's ticket = HMAC-SHA256(key = the seed as UTF-8, message = `lottery-entry:` + the
 *    member id in decimal), as lowercase hex;
 * 3. entrants by ticket ascending (the smaller id first on an equal ticket); the first `winners` win.
 */

const encoder = new TextEncoder();

function hex(buffer: ArrayBuffer): string {
  return [...new Uint8Array(buffer)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The winners' member ids in draw order (the server's drawWinners). */
export async function recomputeWinners(seed: string, entrantIds: readonly number[], winners: number): Promise<number[]> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(seed), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const tickets: { id: number; ticket: string }[] = [];
  for (const id of entrantIds) tickets.push({ id, ticket: hex(await crypto.subtle.sign('HMAC', key, encoder.encode(`lottery-entry:${id}`))) });
  return tickets
    .sort((a, b) => (a.ticket < b.ticket ? -1 : a.ticket > b.ticket ? 1 : a.id - b.id))
    .slice(0, Math.max(0, winners))
    .map((entry) => entry.id);
}

/** What a lottery's 校验 needs from the ops answer. */
export interface VerifiableLottery {
  seed: string;
  seed_hash: string;
  winners: number;
  entry_list: readonly { member_id: number }[];
  winner_ids: readonly number[];
}

export interface DrawCheck {
  /** SHA-256 of the revealed seed equals the hash committed at the opening. */
  hashMatches: boolean;
  /** The recomputed winners are exactly the entrants marked won (as a set: the ops list is in entry order). */
  winnersMatch: boolean;
  /** The recomputed winners, in draw order. */
  expected: number[];
}

/** Recomputes the hash and the draw of a lottery and compares them with the stored winners. */
export async function checkLotteryDraw(lottery: VerifiableLottery): Promise<DrawCheck> {
  const hashMatches = (await sha256Hex(lottery.seed)) === lottery.seed_hash.toLowerCase();
  const expected = await recomputeWinners(lottery.seed, lottery.entry_list.map((entry) => entry.member_id), lottery.winners);
  const stored = new Set(lottery.winner_ids);
  const winnersMatch = expected.length === stored.size && expected.every((id) => stored.has(id));
  return { hashMatches, winnersMatch, expected };
}

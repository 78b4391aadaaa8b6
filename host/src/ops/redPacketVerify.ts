/**
 * 校验: a finished red packet's split recomputed in the browser from its revealed seed, by the rule
 * in server/src/redPackets/README.md ("Verifying a split"; the server's redPacketSplit.ts), with
 * WebCrypto only:
 *
 * 1. seed_hash = SHA-256 (hex) of the seed's 64 characters as UTF-8;
 * 2. weight of share i = 1 + the first 4 bytes (big-endian, unsigned) of
 *    HMAC-SHA256(key = the seed as UTF-8, message = `red-packet-share:` + i);
 * 3. each share 1 coin, the rest R = total − shares split by weight with floor(R × w_i / Σw)
 *    (BigInt: exact), the coins the floors leave one each to shares 0, 1, 2, … in order.
 */

const encoder = new TextEncoder();

function hex(buffer: ArrayBuffer): string {
  return [...new Uint8Array(buffer)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** SHA-256 of the text as UTF-8, lowercase hex. */
export async function sha256Hex(text: string): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
}

/** The amounts of a packet's shares in index order, from its seed (the server's splitPacket). */
export async function recomputeSplit(seed: string, total: number, shares: number): Promise<number[]> {
  if (!Number.isSafeInteger(total) || !Number.isSafeInteger(shares) || shares < 1 || total < shares) throw new Error(`cannot split ${total} coins into ${shares} shares`);
  const key = await crypto.subtle.importKey('raw', encoder.encode(seed), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const weights: bigint[] = [];
  for (let index = 0; index < shares; index += 1) {
    const digest = await crypto.subtle.sign('HMAC', key, encoder.encode(`red-packet-share:${index}`));
    weights.push(BigInt(new DataView(digest).getUint32(0, false)) + 1n);
  }
  const sum = weights.reduce((a, b) => a + b, 0n);
  const rest = BigInt(total - shares);
  const amounts = weights.map((weight) => 1n + (rest * weight) / sum);
  let left = BigInt(total) - amounts.reduce((a, b) => a + b, 0n);
  for (let index = 0; left > 0n; index += 1, left -= 1n) amounts[index % shares] = (amounts[index % shares] as bigint) + 1n;
  return amounts.map(Number);
}

/** What a packet's 校验 needs from the ops answer. */
export interface VerifiablePacket {
  seed: string;
  seed_hash: string;
  total_coins: number;
  shares: number;
  share_list: readonly { idx: number; amount: number }[];
}

export interface SplitCheck {
  /** SHA-256 of the revealed seed equals the hash committed at the opening. */
  hashMatches: boolean;
  /** Every share's amount (by index) equals the recomputed split, and every share is listed. */
  splitMatches: boolean;
  /** The recomputed amounts, in index order (empty when the packet cannot be split). */
  expected: number[];
  /** The indexes whose amount differs from the recomputation (or is missing). */
  mismatched: number[];
}

/** Recomputes the hash and the split of a packet and compares them with what the server stored. */
export async function checkRedPacketSplit(packet: VerifiablePacket): Promise<SplitCheck> {
  const hashMatches = (await sha256Hex(packet.seed)) === packet.seed_hash.toLowerCase();
  let expected: number[];
  try {
    expected = await recomputeSplit(packet.seed, packet.total_coins, packet.shares);
  } catch {
    return { hashMatches, splitMatches: false, expected: [], mismatched: [] };
  }
  const byIndex = new Map(packet.share_list.map((share) => [share.idx, share.amount]));
  const mismatched = expected.flatMap((amount, index) => (byIndex.get(index) === amount ? [] : [index]));
  const splitMatches = mismatched.length === 0 && packet.share_list.length === packet.shares;
  return { hashMatches, splitMatches, expected, mismatched };
}

import { newSeed, seedHash, seedHmac } from '../infra/commitReveal';

export { newSeed, seedHash };

/**
 * The random split of a red packet, derived from a secret seed (README.md "Verifying a split"):
 *
 * 1. seed (infra/commitReveal.ts): 32 random bytes, written as 64 lowercase hex characters; commitment = sha-256 of those
 *    64 characters (as UTF-8), hex. The commitment is shown when the packet opens, the seed when it ends.
 * 2. weight of share i (0-based) = 1 + the first 4 bytes, big-endian unsigned, of
 *    HMAC-SHA256(key = the seed's 64 characters as UTF-8, message = "red-packet-share:" + i).
 * 3. Every share gets 1 coin; the rest R = total − shares is divided by weight: share i gets
 *    floor(R × weight_i / Σ weights) more (exact integer arithmetic), and the coins those floors
 *    leave (fewer than the shares) go one each to shares 0, 1, 2, … in order.
 *
 * Shares are grabbed in index order, so the i-th grab gets share i.
 */
export function shareWeight(seed: string, index: number): bigint {
  const digest = seedHmac(seed, `red-packet-share:${index}`);
  return BigInt(digest.readUInt32BE(0)) + 1n;
}

/** The amounts of the shares, in index order: each >= 1, summing to total. */
export function splitPacket(seed: string, total: number, shares: number): number[] {
  if (!Number.isSafeInteger(total) || !Number.isSafeInteger(shares) || shares < 1 || total < shares) throw new Error(`red packet: cannot split ${total} coins into ${shares} shares`);
  const weights = Array.from({ length: shares }, (_, index) => shareWeight(seed, index));
  const sum = weights.reduce((a, b) => a + b, 0n);
  const rest = BigInt(total - shares);
  const amounts = weights.map((weight) => 1n + (rest * weight) / sum);
  let left = BigInt(total) - amounts.reduce((a, b) => a + b, 0n);
  for (let index = 0; left > 0n; index += 1, left -= 1n) amounts[index % shares] = (amounts[index % shares] as bigint) + 1n;
  return amounts.map(Number);
}

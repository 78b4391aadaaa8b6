import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * The commit-reveal seed red packets (redPackets/redPacketSplit.ts) and lotteries
 * (lotteries/lotteryDraw.ts) derive their random outcomes from, so anyone can verify them:
 *
 * - seed: 32 random bytes, written as 64 lowercase hex characters;
 * - commitment: sha-256 (hex) of those 64 characters as UTF-8, shown when the thing opens; the
 *   seed itself is revealed when it ends, and the outcome recomputed from it;
 * - the outcome's randomness: HMAC-SHA256(key = the seed's 64 characters as UTF-8, message = a
 *   label each use names, e.g. `red-packet-share:3`, `lottery-entry:42`).
 */
export function newSeed(): string {
  return randomBytes(32).toString('hex');
}

export function seedHash(seed: string): string {
  return createHash('sha256').update(seed, 'utf8').digest('hex');
}

/** HMAC-SHA256 keyed by the seed (its 64 characters as UTF-8) over `message` (UTF-8). */
export function seedHmac(seed: string, message: string): Buffer {
  return createHmac('sha256', Buffer.from(seed, 'utf8')).update(message, 'utf8').digest();
}

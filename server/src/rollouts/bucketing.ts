import { createHash } from 'node:crypto';

/** Buckets per remote: 10,000 gives canary steps of 0.01 %. */
export const BUCKET_COUNT = 10_000;

/**
 * A visitor's fixed place (0-9999) for one remote: a hash of the remote and the visitor, so the
 * same visitor lands in the same place on every load (sticky), and different remotes' canaries
 * reach different visitors. Does not depend on the release, so a new candidate keeps the set.
 */
export function visitorBucket(remote: string, visitorKey: string): number {
  const digest = createHash('sha256').update(`${remote}\u0000${visitorKey}`).digest();
  return digest.readUInt32BE(0) % BUCKET_COUNT;
}

/** In the canary when the bucket is below the percentage: raising it only adds visitors. */
export function isInCanary(bucket: number, percent: number): boolean {
  return bucket < percent * (BUCKET_COUNT / 100);
}

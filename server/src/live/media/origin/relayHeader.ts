import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * A node's pull from a room's origin carries this header. A request that has it is never relayed
 * again: a node answers it from its own push or says not live, so pulls cannot loop between nodes
 * whatever the registry says. Its value signs the stream with the media secret every node shares
 * (MEDIA_SIGNING_SECRET): a signed pull is a node, which the per-address player limit does not count.
 */
export const RELAY_HEADER = 'x-media-relay';

export function relaySignature(secret: string, stream: string): string {
  return createHmac('sha256', secret).update(`relay:${stream}`).digest('base64url').slice(0, 32);
}

export type RelayMark = 'none' | 'unsigned' | 'signed';

/** Whether a request is a node's pull ('unsigned': it says so but cannot prove it: still never relayed). */
export function relayMarkOf(headers: IncomingHttpHeaders, secret: string | null, stream: string): RelayMark {
  const value = headers[RELAY_HEADER];
  if (value === undefined) return 'none';
  if (secret === null || typeof value !== 'string') return 'unsigned';
  const expected = Buffer.from(relaySignature(secret, stream));
  const given = Buffer.from(value);
  return given.length === expected.length && timingSafeEqual(given, expected) ? 'signed' : 'unsigned';
}

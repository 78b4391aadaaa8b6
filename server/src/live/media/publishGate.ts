import type { Kysely } from 'kysely';
import type { Database } from '../../infra/db/schema';
import { type PushRoom, findPushRoom } from './broadcastRecords';
import { roomIdOfStream } from './playbackUrls';
import { type PushRefusal, checkPushSignature } from './pushSignature';

export type AdmitResult = { ok: true; room: PushRoom } | { ok: false; reason: PushRefusal | 'unknown-room' | 'not-a-room' };

/**
 * Whether a push to `live/<stream>?sign=…` may publish: a room stream name, a well-formed
 * signature (checked before touching the database), a room that exists, and a signature made for
 * that room's current key version that has not expired. Shared by the embedded ingest and the
 * external media server's on_publish callback.
 */
export async function admitPush(
  db: Kysely<Database>,
  secret: string,
  stream: string,
  sign: string | undefined,
  nowSeconds: number,
): Promise<AdmitResult> {
  const roomId = roomIdOfStream(stream);
  if (roomId === null) return { ok: false, reason: 'not-a-room' };
  if (sign === undefined || sign === '') return { ok: false, reason: 'unsigned' };
  const room = await findPushRoom(db, roomId);
  if (room === undefined) return { ok: false, reason: 'unknown-room' };
  const check = checkPushSignature(secret, stream, sign, room.stream_key_version, nowSeconds);
  if (!check.ok) return { ok: false, reason: check.reason };
  return { ok: true, room };
}

/** The `sign` of a parsed query (`?sign=a&sign=b` is not a signature). */
export function signOf(query: Record<string, string | string[] | undefined> | URLSearchParams): string | undefined {
  if (query instanceof URLSearchParams) return query.getAll('sign').length === 1 ? (query.get('sign') ?? undefined) : undefined;
  const value = query.sign;
  return typeof value === 'string' ? value : undefined;
}

import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../infra/db/schema';
import type { MemberDanmaku } from './chatSending';

/** The colour and position of a danmaku sent over the socket (no style chosen: white, scrolling). */
export const DEFAULT_DANMAKU_COLOR = '#ffffff';

/**
 * Members' danmaku sent over the chat socket are kept in the room's `barrage` rows (migration
 * 0015), beside those sent over HTTP (wallet/barrage/), so api/Barrage/getList answers a joining
 * viewer the room's last ones whichever way they came. Written after delivery, never in the way of
 * it: a failed write is logged, the danmaku has flown all the same. Writes go one after another,
 * so the rows' ids keep the order the danmaku were delivered in on this node.
 */
export function danmakuHistoryWriter(db: Kysely<Database>, log: FastifyBaseLogger): (danmaku: MemberDanmaku) => void {
  let previous: Promise<unknown> = Promise.resolve();
  return (danmaku) => {
    previous = previous.then(() => write(db, log, danmaku));
  };
}

function write(db: Kysely<Database>, log: FastifyBaseLogger, danmaku: MemberDanmaku): Promise<unknown> {
  return db
    .insertInto('barrage')
    .values({
      room_id: danmaku.roomId,
      sender_id: danmaku.memberId,
      text: danmaku.text,
      level: danmaku.level,
      style_id: null,
      color: DEFAULT_DANMAKU_COLOR,
      position: 'scroll',
      balance_after: null,
      idempotency_key: null,
      transfer_set_id: null,
      message_id: danmaku.messageId,
      created_at: danmaku.sentAt,
    })
    .execute()
    .catch((error: unknown) => log.warn({ err: error, roomId: danmaku.roomId }, 'chat: keeping a danmaku for the room history failed'));
}

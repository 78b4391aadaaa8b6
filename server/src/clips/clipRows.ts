import type { Clip, ClipKind, ClipPage } from '@sports/shared/server';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { ClipTable, Database } from '../infra/db/schema';

/** Clips in the database (migration 0031): the rows, their API view, the lists. */

export const clipVideoUrl = (clipId: number): string => `/media/clips/${clipId}.mp4`;
export const clipThumbUrl = (clipId: number): string => `/media/clips/${clipId}.jpg`;

export type ClipRow = Selectable<ClipTable>;

/** A clip with the names its view shows. */
export interface ClipWithNames extends ClipRow {
  anchor_nickname: string;
  anchor_avatar: string;
  creator_nickname: string | null;
}

function clipQuery(db: Kysely<Database>) {
  return db
    .selectFrom('clip as c')
    .innerJoin('app_user as a', 'a.id', 'c.anchor_id')
    .leftJoin('app_user as u', 'u.id', 'c.creator_id')
    .selectAll('c')
    .select(['a.user_nickname as anchor_nickname', 'a.avatar as anchor_avatar', 'u.user_nickname as creator_nickname']);
}

/** A clip as the API shows it to `viewerId` (can_edit: its creator, the room's anchor). */
export function clipView(row: ClipWithNames, viewerId: number | null): Clip {
  const ready = row.status === 'ready' && row.deleted_at === null;
  return {
    id: row.id,
    title: row.title,
    kind: row.kind,
    status: row.status,
    failure: row.failure,
    video_url: ready && row.video_key !== null ? clipVideoUrl(row.id) : null,
    thumb_url: ready && row.thumb_key !== null ? clipThumbUrl(row.id) : null,
    duration_ms: row.duration_ms,
    happened_at: row.happened_at.toISOString(),
    created_at: row.created_at.toISOString(),
    room_id: row.room_id,
    anchor: { user_id: row.anchor_id, user_nickname: row.anchor_nickname, avatar: row.anchor_avatar },
    match_id: row.match_id,
    event_id: row.event_id,
    minute: row.minute,
    creator: row.creator_id === null ? null : { user_id: row.creator_id, user_nickname: row.creator_nickname ?? '' },
    can_edit: viewerId !== null && (viewerId === row.creator_id || viewerId === row.anchor_id) ? 1 : 0,
  };
}

/** Any clip not deleted (its creator and anchor see a cutting or failed one too); hidden ones only when asked. */
export async function clipById(db: Kysely<Database>, clipId: number): Promise<ClipWithNames | null> {
  const row = await clipQuery(db).where('c.id', '=', clipId).where('c.deleted_at', 'is', null).executeTakeFirst();
  return (row as ClipWithNames | undefined) ?? null;
}

export type ClipSelector = { by: 'match'; matchId: number } | { by: 'room'; roomId: number } | { by: 'latest' };

/** Ready, shown clips newest first; keyset on id (`cursor`: the last id seen). */
export async function listClips(db: Kysely<Database>, selector: ClipSelector, options: { kinds: ClipKind[] | null; cursor: number | null; limit: number; viewerId: number | null }): Promise<ClipPage> {
  let query = clipQuery(db).where('c.status', '=', 'ready').where('c.hidden', '=', false).where('c.deleted_at', 'is', null);
  if (selector.by === 'match') query = query.where('c.match_id', '=', selector.matchId);
  if (selector.by === 'room') query = query.where('c.room_id', '=', selector.roomId);
  if (options.kinds !== null) query = query.where('c.kind', 'in', options.kinds);
  if (options.cursor !== null) query = query.where('c.id', '<', options.cursor);
  const rows = (await query.orderBy('c.id', 'desc').limit(options.limit + 1).execute()) as ClipWithNames[];
  const page = rows.slice(0, options.limit);
  const last = page[page.length - 1];
  return { list: page.map((row) => clipView(row, options.viewerId)), next_cursor: rows.length > options.limit && last !== undefined ? String(last.id) : null };
}

/** Wall time (epoch ms) up to which the room's current broadcast is archived; null when nothing is. */
export async function archivedUntilMs(db: Kysely<Database>, roomId: number): Promise<number | null> {
  const { rows } = await sql<{ until_ms: string | number | null }>`
    select max(extract(epoch from s.started_at) * 1000 + s.duration_ms) as until_ms
    from broadcast_segment s
    where s.broadcast_id = (select b.id from broadcast b where b.room_id = ${roomId} order by b.started_at desc limit 1)`.execute(db);
  const value = rows[0]?.until_ms;
  return value === null || value === undefined ? null : Number(value);
}

import type { Anchor, LiveRoomCard, OwnLiveRoom, RoomMatch } from '@sports/shared/server';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../infra/db/schema';
import { matchRowsById } from '../scores/index';
import { type RoomPresence, onlineOf } from './presence';
import type { LiveRoomRow } from './roomAccess';
import { displayableCover } from './roomCover';
import { thumbUrlOf } from './thumbnails/thumbnailUrls';

/**
 * Rooms as the lists and the room page show them: the anchor with their follower count, the
 * live state, the online count (chat presence) and the match the room shows.
 */

/** A room's chat group is named after its anchor's user id (shared/src/chat/chatClient.ts). */
export function groupIdOf(ownerId: number): string {
  return String(ownerId);
}

export const flag = (value: boolean): 0 | 1 => (value ? 1 : 0);

/** The number of followers of each anchor, as one correlated count. */
export const fansOf = (anchorColumn: 'r.owner_id' | 'u.id') =>
  sql<number>`(select count(*) from user_follow f where f.anchor_id = ${sql.ref(anchorColumn)})`;

function roomCardQuery(db: Kysely<Database>) {
  return db
    .selectFrom('live_room as r')
    .innerJoin('app_user as u', 'u.id', 'r.owner_id')
    .select(['r.id', 'r.owner_id', 'r.title', 'r.type', 'r.cover', 'r.placard', 'r.match_id', 'r.is_open', 'r.stream_status', 'r.stream_started_at'])
    .select(['u.user_nickname', 'u.avatar'])
    .select(fansOf('r.owner_id').as('fans'));
}

export type RoomCardRecord = Awaited<ReturnType<ReturnType<typeof roomCardQuery>['executeTakeFirstOrThrow']>>;

export async function matchesById(db: Kysely<Database>, ids: readonly (number | null)[]): Promise<Map<number, RoomMatch>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  const rows = await matchRowsById(db, wanted);
  return new Map(
    rows.map((row) => [
      row.match_id,
      {
        match_id: row.match_id,
        sport: row.sport,
        competition_short_zh: row.competition_short_zh,
        home_team_name_zh: row.home_team_name_zh,
        away_team_name_zh: row.away_team_name_zh,
        kickoff_at: row.kickoff_at,
        status: row.status,
        match_str: row.match_str,
        home_score: row.home_score,
        away_score: row.away_score,
      },
    ]),
  );
}

export function toAnchor(record: { owner_id: number; user_nickname: string; avatar: string; fans: number }): Anchor {
  return { anchor_id: record.owner_id, user_nickname: record.user_nickname, avatar: record.avatar, fans: Number(record.fans) };
}

export function toRoomCard(record: RoomCardRecord, matches: Map<number, RoomMatch>, presence: RoomPresence): LiveRoomCard {
  return {
    room_id: record.id,
    anchor: toAnchor(record),
    title: record.title,
    type: record.type,
    cover: displayableCover(record.cover),
    thumb: thumbUrlOf(record, Date.now()),
    is_open: flag(record.is_open),
    stream_status: record.stream_status,
    is_live: flag(record.stream_status === 'live'),
    online: onlineOf(presence, record.id),
    group_id: groupIdOf(record.owner_id),
    match: record.match_id === null ? null : (matches.get(record.match_id) ?? null),
  };
}

/** The cards of these rooms, in the order given (ids that do not exist are left out). */
export async function roomCards(db: Kysely<Database>, presence: RoomPresence, roomIds: readonly number[]): Promise<LiveRoomCard[]> {
  const records = await roomCardRecords(db, roomIds);
  const matches = await matchesById(db, records.map((record) => record.match_id));
  return records.map((record) => toRoomCard(record, matches, presence));
}

export async function roomCardRecords(db: Kysely<Database>, roomIds: readonly number[]): Promise<RoomCardRecord[]> {
  if (roomIds.length === 0) return [];
  const records = await roomCardQuery(db).where('r.id', 'in', [...roomIds]).execute();
  const byId = new Map(records.map((record) => [record.id, record]));
  return roomIds.flatMap((id) => byId.get(id) ?? []);
}

export function toOwnRoom(room: LiveRoomRow): OwnLiveRoom {
  return {
    room_id: room.id,
    title: room.title,
    type: room.type,
    cover: displayableCover(room.cover),
    placard: room.placard,
    match_id: room.match_id,
    is_open: flag(room.is_open),
    stream_status: room.stream_status,
    is_live: flag(room.stream_status === 'live'),
    stream_started_at: room.stream_started_at?.toISOString() ?? null,
    group_id: groupIdOf(room.owner_id),
    created_at: room.created_at.toISOString(),
    clip_offset_seconds: room.clip_offset_seconds,
  };
}

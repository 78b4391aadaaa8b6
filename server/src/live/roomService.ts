import type { CreateRoomRequest, LastReplay, LiveRoomInfo, OwnLiveRoom, Placard, RoomDvr, UpdateLiveQuery } from '@sports/shared/server';
import type { Kysely, Updateable } from 'kysely';
import type { SessionUser } from '../accounts/index';
import type { Clock } from '../infra/clock';
import type { Database, LiveRoomTable } from '../infra/db/schema';
import { errors } from '../infra/http/errorCatalogue';
import type { PlaybackUrlResolver } from './media/playbackUrls';
import { type RoomEvent, roomChanged } from './committedEvents';
import { hasBroadcast, roomStateOf } from './media/roomState';
import { isAcceptableCover } from './roomCover';
import type { RoomPresence } from './presence';
import { type LiveRoomRow, ownRoom, requireAnchor, requireMatch, roleIn, roomById } from './roomAccess';
import { flag, matchesById, roomCardRecords, toOwnRoom, toRoomCard } from './roomCards';

/** An owner's change: the room as it is now and the events to emit once committed. */
export interface RoomChange {
  room: OwnLiveRoom;
  events: RoomEvent[];
}

const UNIQUE_VIOLATION = '23505';

/** Titles are shown on cards: no surrounding blanks, and not blank only. */
function cleanTitle(title: string): string {
  const trimmed = title.trim();
  if (trimmed === '') throw errors.LIVE_TITLE_EMPTY();
  return trimmed;
}

/** Refuses a cover every viewer's browser must not fetch (roomCover.ts); `siteHostname` is this site's, from the request. */
function checkCover(cover: string | undefined, siteHostname: string | null): void {
  if (cover !== undefined && !isAcceptableCover(cover, siteHostname)) throw errors.LIVE_COVER_NOT_ALLOWED();
}

/** `createRoom`: anchors only, one room each (the unique owner_id is the final word on races). */
export async function createRoom(db: Kysely<Database>, user: SessionUser, request: CreateRoomRequest, now: Date, siteHostname: string | null): Promise<OwnLiveRoom> {
  requireAnchor(user);
  checkCover(request.cover, siteHostname);
  try {
    const room = await db
      .insertInto('live_room')
      .values({ owner_id: user.id, title: cleanTitle(request.title), type: request.type, cover: request.cover ?? '', created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toOwnRoom(room);
  } catch (error) {
    if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw errors.LIVE_ROOM_EXISTS();
    throw error;
  }
}

/** The anchor's own room(s): one at most, as a list (the client's shape). */
export async function ownRooms(db: Kysely<Database>, user: SessionUser): Promise<OwnLiveRoom[]> {
  requireAnchor(user);
  const rooms = await db.selectFrom('live_room').selectAll().where('owner_id', '=', user.id).execute();
  return rooms.map(toOwnRoom);
}

/** Applies an owner's change to their room in one transaction (row locked) and says what changed. */
async function changeOwnRoom(
  db: Kysely<Database>,
  user: SessionUser,
  roomId: number | undefined,
  now: Date,
  change: (room: LiveRoomRow) => Promise<Updateable<LiveRoomTable>> | Updateable<LiveRoomTable>,
): Promise<RoomChange> {
  const room = await db.transaction().execute(async (trx) => {
    const current = await ownRoom(trx, user, roomId, true);
    const values = await change(current);
    const updated = await trx.updateTable('live_room').set({ ...values, updated_at: now }).where('id', '=', current.id).returningAll().executeTakeFirstOrThrow();
    // The room's state after the change: the chat's open/close line carries it (media/roomState.ts).
    const state = roomStateOf(updated, updated.stream_status === 'live' || updated.is_open || (await hasBroadcast(trx, updated.id)));
    return { updated, state };
  });
  return { room: toOwnRoom(room.updated), events: [roomChanged(room.updated, room.state)] };
}

export const setRoomOpen = (db: Kysely<Database>, user: SessionUser, roomId: number | undefined, isOpen: boolean, now: Date) =>
  changeOwnRoom(db, user, roomId, now, () => ({ is_open: isOpen }));

export const setTitle = (db: Kysely<Database>, user: SessionUser, roomId: number | undefined, title: string, now: Date) =>
  changeOwnRoom(db, user, roomId, now, () => ({ title: cleanTitle(title) }));

export const setPlacard = (db: Kysely<Database>, user: SessionUser, roomId: number | undefined, placard: string, now: Date) =>
  changeOwnRoom(db, user, roomId, now, () => ({ placard }));

/** `updateLive`: type, cover and/or the match shown (match_id 0 clears it). */
export function updateLive(db: Kysely<Database>, user: SessionUser, query: UpdateLiveQuery, now: Date, siteHostname: string | null): Promise<RoomChange> {
  if (query.type === undefined && query.cover === undefined && query.match_id === undefined) throw errors.LIVE_NOTHING_TO_UPDATE();
  checkCover(query.cover, siteHostname);
  return changeOwnRoom(db, user, query.room_id, now, async () => {
    const values: Updateable<LiveRoomTable> = {};
    if (query.type !== undefined) values.type = query.type;
    if (query.cover !== undefined) values.cover = query.cover;
    if (query.match_id === 0) values.match_id = null;
    if (query.match_id !== undefined && query.match_id > 0) values.match_id = (await requireMatch(db, query.match_id)).id;
    return values;
  });
}

export async function placardOf(db: Kysely<Database>, roomId: number): Promise<Placard> {
  const room = await roomById(db, roomId);
  return { room_id: room.id, placard: room.placard };
}

/** `getRoomInfo`: the room for a viewer (guest when viewerId is null). */
export async function roomInfo(
  db: Kysely<Database>,
  deps: {
    presence: RoomPresence;
    playbackUrls: PlaybackUrlResolver;
    dvrOf?: (roomId: number) => Promise<RoomDvr | null>;
    /** The room's newest ready replay (media/archive/replays.ts), asked only while paused or ended. */
    lastReplayOf?: (roomId: number) => Promise<LastReplay | null>;
  },
  roomId: number,
  viewerId: number | null,
  now: Date,
): Promise<LiveRoomInfo> {
  const [record] = await roomCardRecords(db, [roomId]);
  if (record === undefined) throw errors.LIVE_ROOM_NOT_FOUND();
  const matches = await matchesById(db, [record.match_id]);
  const playback = await deps.playbackUrls(record.id);
  const viewer = viewerId === null ? null : await viewerState(db, { id: record.id, owner_id: record.owner_id }, viewerId, now);
  // Not live: the player's notice links the last broadcast's replay (直播已结束 · 看回放); a ready
  // replay also answers whether the room ever broadcast, so hasBroadcast is read only without one.
  const lastReplay = record.stream_status !== 'live' && deps.lastReplayOf !== undefined ? await deps.lastReplayOf(record.id) : null;
  const state = roomStateOf(record, record.stream_status === 'live' || record.is_open || lastReplay !== null || (await hasBroadcast(db, record.id)));
  return {
    ...toRoomCard(record, matches, deps.presence),
    placard: record.placard,
    stream_started_at: record.stream_started_at?.toISOString() ?? null,
    flv: playback.flv,
    hls: playback.hls,
    is_attention: flag(viewer?.follows ?? false),
    viewer_role: viewer?.role ?? 'guest',
    is_muted: flag(viewer?.muted ?? false),
    muted_until: viewer?.mutedUntil?.toISOString() ?? null,
    room_state: state,
    // Time-shift (回看): the DVR window while live (media/archive/dvr.ts).
    dvr: record.stream_status === 'live' && deps.dvrOf !== undefined ? await deps.dvrOf(record.id) : null,
    last_replay: state === 'paused' || state === 'ended' ? lastReplay : null,
  };
}

async function viewerState(db: Kysely<Database>, room: { id: number; owner_id: number }, viewerId: number, now: Date) {
  const role = await roleIn(db, room, viewerId);
  const follow = await db.selectFrom('user_follow').select('anchor_id').where('follower_id', '=', viewerId).where('anchor_id', '=', room.owner_id).executeTakeFirst();
  const mute = await db
    .selectFrom('live_room_mute')
    .select('until')
    .where('room_id', '=', room.id)
    .where('user_id', '=', viewerId)
    .where((eb) => eb.or([eb('until', 'is', null), eb('until', '>', now)]))
    .executeTakeFirst();
  // until null: muted until lifted.
  return { role, follows: follow !== undefined, muted: mute !== undefined, mutedUntil: mute?.until ?? null };
}

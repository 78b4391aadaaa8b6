import type { LastReplay, MediaMarker, Replay, ReplayInfo, ReplayListQuery, ReplayPage } from '@sports/shared/server';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../infra/db/schema';
import type { ReplayStatus as StoredStatus } from '../../../infra/db/tables/live';
import { errors } from '../../../infra/http/errorCatalogue';
import type { MediaStorage } from '../../../media/index';
import { type ClipOfEvents, matchMarkers } from './markers';
import { replayPlaylistUrl } from './playlists';
import { removeReplay } from './retention';

const LIST_LIMIT_DEFAULT = 20;
/** Everyone sees these; the anchor also sees their hidden and failed replays. */
const PUBLIC_STATUSES: StoredStatus[] = ['recording', 'ready'];
const ANCHOR_STATUSES: StoredStatus[] = ['recording', 'ready', 'hidden', 'failed'];

function replayRows(db: Kysely<Database>) {
  return db
    .selectFrom('broadcast')
    .innerJoin('app_user', 'app_user.id', 'broadcast.anchor_id')
    .select([
      'broadcast.id',
      'broadcast.room_id',
      'broadcast.title',
      'broadcast.anchor_id',
      'broadcast.match_id',
      'broadcast.started_at',
      'broadcast.ended_at',
      'broadcast.replay_status',
      'broadcast.replay_duration_ms',
      'broadcast.replay_failure',
      'broadcast.replay_thumb_key',
      'app_user.user_nickname',
      'app_user.avatar',
    ]);
}
type ReplayRow = Awaited<ReturnType<ReturnType<typeof replayRows>['executeTakeFirstOrThrow']>>;

function toReplay(row: ReplayRow, viewerId: number | null): Replay {
  const status = row.replay_status === 'hidden' || row.replay_status === 'failed' || row.replay_status === 'recording' ? row.replay_status : 'ready';
  return {
    id: Number(row.id),
    room_id: Number(row.room_id),
    title: row.title,
    anchor: { user_id: Number(row.anchor_id), user_nickname: row.user_nickname, avatar: row.avatar },
    match_id: row.match_id === null ? null : Number(row.match_id),
    started_at: row.started_at.toISOString(),
    ended_at: row.ended_at?.toISOString() ?? null,
    duration_ms: Number(row.replay_duration_ms),
    status,
    thumb_url: row.replay_thumb_key === null ? null : `/replay/${row.id}/thumb.jpg`,
    can_edit: viewerId !== null && viewerId === Number(row.anchor_id) ? 1 : 0,
    failure: row.replay_status === 'failed' ? row.replay_failure : null,
  };
}

function visibleTo(row: ReplayRow, viewerId: number | null): boolean {
  return (viewerId !== null && viewerId === Number(row.anchor_id) ? ANCHOR_STATUSES : PUBLIC_STATUSES).includes(row.replay_status);
}

/**
 * `GET api/Live/replayList`: a room's, an anchor's or a match's replays (the filters given are all
 * applied), newest first, keyset on the broadcast id. Hidden and failed ones only for their anchor.
 */
export async function replayList(db: Kysely<Database>, query: ReplayListQuery, viewerId: number | null): Promise<ReplayPage> {
  if (query.room_id === undefined && query.anchor_id === undefined && query.match_id === undefined) throw errors.REPLAY_LIST_SELECTOR();
  const cursor = query.cursor === undefined ? null : decodeCursor(query.cursor);
  const limit = query.limit ?? LIST_LIMIT_DEFAULT;
  let rows = replayRows(db).where((eb) =>
    viewerId === null
      ? eb('broadcast.replay_status', 'in', PUBLIC_STATUSES)
      : eb.or([eb('broadcast.replay_status', 'in', PUBLIC_STATUSES), eb.and([eb('broadcast.anchor_id', '=', viewerId), eb('broadcast.replay_status', 'in', ANCHOR_STATUSES)])]),
  );
  if (query.room_id !== undefined) rows = rows.where('broadcast.room_id', '=', query.room_id);
  if (query.anchor_id !== undefined) rows = rows.where('broadcast.anchor_id', '=', query.anchor_id);
  if (query.match_id !== undefined) rows = rows.where('broadcast.match_id', '=', query.match_id);
  if (cursor !== null) rows = rows.where('broadcast.id', '<', cursor);
  const found = await rows.orderBy('broadcast.id', 'desc').limit(limit + 1).execute();
  const page = found.slice(0, limit);
  const last = page.at(-1);
  return { list: page.map((row) => toReplay(row, viewerId)), next_cursor: found.length > limit && last !== undefined ? String(last.id) : null };
}

/** A paused or ended room's newest ready replay: the player's 看回放 under 直播已结束 (room info's `last_replay`). */
export async function lastReadyReplay(db: Kysely<Database>, roomId: number): Promise<LastReplay | null> {
  const row = await db
    .selectFrom('broadcast')
    .select(['id', 'title', 'replay_duration_ms'])
    .where('room_id', '=', roomId)
    .where('replay_status', '=', 'ready')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row === undefined ? null : { replay_id: Number(row.id), title: row.title, duration_ms: Number(row.replay_duration_ms) };
}

function decodeCursor(cursor: string): number {
  if (!/^[1-9][0-9]{0,15}$/.test(cursor)) throw errors.REPLAY_BAD_CURSOR();
  return Number(cursor);
}

async function replayRow(db: Kysely<Database>, id: number, viewerId: number | null): Promise<ReplayRow> {
  const row = await replayRows(db).where('broadcast.id', '=', id).executeTakeFirst();
  if (row === undefined || !visibleTo(row, viewerId)) throw errors.REPLAY_NOT_FOUND();
  return row;
}

/** `GET api/Live/replayInfo?id=`: a finished replay with its VOD playlist and the match's events as markers. */
export async function replayInfo(db: Kysely<Database>, id: number, viewerId: number | null, clipOfEvents: ClipOfEvents | null): Promise<ReplayInfo> {
  const row = await replayRow(db, id, viewerId);
  if (row.replay_status === 'recording') throw errors.REPLAY_NOT_READY();
  if (row.replay_status === 'failed') throw errors.REPLAY_FAILED(row.replay_failure ?? '');
  return { replay: toReplay(row, viewerId), playlist_url: replayPlaylistUrl(Number(row.id)), markers: await replayMarkers(db, Number(row.id), row.match_id === null ? null : Number(row.match_id), clipOfEvents) };
}

/** The match's events over the replay's kept span, ms from its first frame. */
async function replayMarkers(db: Kysely<Database>, broadcastId: number, matchId: number | null, clipOfEvents: ClipOfEvents | null): Promise<MediaMarker[]> {
  if (matchId === null) return [];
  const span = (
    await sql<{ first: Date | null; last: Date | null }>`
      select min(started_at) as first, max(started_at + duration_ms * interval '1 millisecond') as last
      from broadcast_segment where broadcast_id = ${broadcastId}`.execute(db)
  ).rows[0];
  if (span === undefined || span.first === null || span.last === null) return [];
  const room = await db.selectFrom('broadcast').innerJoin('live_room', 'live_room.id', 'broadcast.room_id').select('live_room.clip_offset_seconds').where('broadcast.id', '=', broadcastId).executeTakeFirst();
  return matchMarkers(db, matchId, new Date(span.first).getTime(), new Date(span.last).getTime(), clipOfEvents, (room?.clip_offset_seconds ?? 0) * 1000);
}

async function ownReplay(db: Kysely<Database>, id: number, userId: number): Promise<ReplayRow> {
  const row = await replayRows(db).where('broadcast.id', '=', id).executeTakeFirst();
  if (row === undefined || row.replay_status === 'deleted' || row.replay_status === 'expired') throw errors.REPLAY_NOT_FOUND();
  if (Number(row.anchor_id) !== userId) throw errors.REPLAY_NOT_OWNER();
  if (row.replay_status === 'recording') throw errors.REPLAY_STILL_RECORDING();
  return row;
}

/** `POST api/Live/replayUpdate {id, hidden}`: its anchor hides (1) or shows (0) a replay. */
export async function updateReplay(db: Kysely<Database>, userId: number, id: number, hidden: 0 | 1): Promise<Replay> {
  const row = await ownReplay(db, id, userId);
  if (row.replay_status === 'failed') throw errors.REPLAY_FAILED(row.replay_failure ?? '');
  const status: StoredStatus = hidden === 1 ? 'hidden' : 'ready';
  await db.updateTable('broadcast').set({ replay_status: status }).where('id', '=', id).where('replay_status', 'in', ['ready', 'hidden']).execute();
  return toReplay({ ...row, replay_status: status }, userId);
}

/** `POST api/Live/replayDelete {id}`: its anchor deletes a replay; its files go at once. */
export async function deleteReplay(db: Kysely<Database>, storage: MediaStorage, userId: number, id: number): Promise<void> {
  await ownReplay(db, id, userId);
  await removeReplay(db, storage, id, 'deleted');
}

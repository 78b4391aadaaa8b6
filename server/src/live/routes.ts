import {
  Ban1QuerySchema,
  CreateRoomRequestSchema,
  Envelope,
  FollowerListQuerySchema,
  FollowerPageSchema,
  LiveListQuerySchema,
  LiveRoomInfoSchema,
  LiveRoomPageSchema,
  LiveSchedulePageSchema,
  LiveScheduleSchema,
  MuteStateSchema,
  OwnLiveRoomListSchema,
  OwnLiveRoomSchema,
  OwnRoomQuerySchema,
  PageQuerySchema,
  PlacardSchema,
  ReserveLiveListQuerySchema,
  ReserveMatchRequestSchema,
  ReserveResultSchema,
  ReserveScheduleRequestSchema,
  RoomIdQuerySchema,
  RoomRankingQuerySchema,
  RoomRankingSchema,
  ScheduleIdQuerySchema,
  SetPlacardRequestSchema,
  SetReserveLiveRequestSchema,
  SetTitleQuerySchema,
  UpdateLiveQuerySchema,
  UserReservationPageSchema,
} from '@sports/shared/server';
import type { Kysely } from 'kysely';
import Type from 'typebox';
import { type Clock, systemClock } from '../infra/clock';
import type { Database } from '../infra/db/schema';
import { ok } from '../infra/http/envelope';
import type { App } from '../infra/http/types';
import { sessionOf } from '../accounts/index';
import { anchorsOpsRoutes } from './anchorsOps';
import { testRoomsOpsRoutes } from './testRoomsOps';
import { emitCommitted } from './committedEvents';
import { followerList } from './follows';
import { liveList } from './liveList';
import { lastReadyReplay } from './media/archive/replays';
import { ban } from './mutes';
import { roomRanking } from './ranking';
import { reserveMatch, reserveSchedule, userReservations } from './reservations';
import { hostnameOf } from './roomCover';
import { createRoom, ownRooms, placardOf, roomInfo, setPlacard, setRoomOpen, setTitle, updateLive } from './roomService';
import { deleteSchedule, setSchedule, upcomingSchedules } from './schedules';
import { optionalViewerId } from './viewer';

export interface LiveRoutesOptions {
  db: Kysely<Database>;
  /** The ops token (the rollout control plane's): guards POST /api/ops/anchors and /api/ops/rooms/:id/test. */
  opsToken: string;
  clock?: Clock;
}

/**
 * The rooms API (SPEC.md section 7): `api/Live/*`, `api/Live_streaming/*`, the ops anchor
 * switch (`api/ops/anchors`) and test-room flag (`api/ops/rooms/:id/test`). Paths are case-insensitive (app.ts).
 */
export async function liveRoutes(app: App, options: LiveRoutesOptions): Promise<void> {
  const { db } = options;
  const clock = options.clock ?? systemClock;
  const login = { preHandler: app.requireLogin };
  // GET calls that change state (SPEC.md's): the CSRF rule applies to them as to a POST (accounts/csrf.ts).
  const loginStateChange = { preHandler: app.requireLogin, config: { changesState: true } };
  const presence = () => app.roomPresence;

  // ---- The anchor's room: api/Live ----
  app.post('/api/Live/createRoom', { ...login, schema: { body: CreateRoomRequestSchema, response: { 200: Envelope(OwnLiveRoomSchema) } } }, async (request) =>
    ok(await createRoom(db, sessionOf(request).user, request.body, clock(), hostnameOf(request.headers.host))),
  );

  app.get('/api/Live/getRoomList', { ...login, schema: { response: { 200: Envelope(OwnLiveRoomListSchema) } } }, async (request) =>
    ok(await ownRooms(db, sessionOf(request).user)),
  );

  for (const [path, isOpen] of [['/api/Live/startRoom', true], ['/api/Live/endRoom', false]] as const) {
    app.get(path, { ...loginStateChange, schema: { querystring: OwnRoomQuerySchema, response: { 200: Envelope(OwnLiveRoomSchema) } } }, async (request) => {
      const change = await setRoomOpen(db, sessionOf(request).user, request.query.room_id, isOpen, clock());
      emitCommitted(app.roomEvents, request.log, change.events);
      return ok(change.room);
    });
  }

  app.get('/api/Live/setTitle', { ...loginStateChange, schema: { querystring: SetTitleQuerySchema, response: { 200: Envelope(OwnLiveRoomSchema) } } }, async (request) => {
    const change = await setTitle(db, sessionOf(request).user, request.query.room_id, request.query.title, clock());
    emitCommitted(app.roomEvents, request.log, change.events);
    return ok(change.room);
  });

  app.get('/api/Live/updateLive', { ...loginStateChange, schema: { querystring: UpdateLiveQuerySchema, response: { 200: Envelope(OwnLiveRoomSchema) } } }, async (request) => {
    const change = await updateLive(db, sessionOf(request).user, request.query, clock(), hostnameOf(request.headers.host));
    emitCommitted(app.roomEvents, request.log, change.events);
    return ok(change.room);
  });

  app.post('/api/Live/setPlacard', { ...login, schema: { body: SetPlacardRequestSchema, response: { 200: Envelope(OwnLiveRoomSchema) } } }, async (request) => {
    const change = await setPlacard(db, sessionOf(request).user, request.body.room_id, request.body.placard, clock());
    emitCommitted(app.roomEvents, request.log, change.events);
    return ok(change.room);
  });

  app.get('/api/Live/getPlacard', { schema: { querystring: RoomIdQuerySchema, response: { 200: Envelope(PlacardSchema) } } }, async (request) =>
    ok(await placardOf(db, request.query.room_id)),
  );

  app.get('/api/Live/ban1', { ...loginStateChange, schema: { querystring: Ban1QuerySchema, response: { 200: Envelope(MuteStateSchema) } } }, async (request) => {
    const result = await ban(db, sessionOf(request).user.id, request.query, clock());
    emitCommitted(app.roomEvents, request.log, result.events);
    return ok(result.state);
  });

  app.post('/api/Live/setReserveLiveNew', { ...login, schema: { body: SetReserveLiveRequestSchema, response: { 200: Envelope(LiveScheduleSchema) } } }, async (request) =>
    ok(await setSchedule(db, sessionOf(request).user, request.body, clock())),
  );

  app.get('/api/Live/deleteReserveLive', { ...loginStateChange, schema: { querystring: ScheduleIdQuerySchema, response: { 200: Envelope(Type.Null()) } } }, async (request) => {
    await deleteSchedule(db, sessionOf(request).user, request.query.id);
    return ok(null);
  });

  app.post('/api/Live/reserveMatch', { ...login, schema: { body: ReserveMatchRequestSchema, response: { 200: Envelope(ReserveResultSchema) } } }, async (request) =>
    ok(await reserveMatch(db, sessionOf(request).user.id, request.body.match_id, request.body.reserve, clock())),
  );

  app.post('/api/Live/reserveMatch2', { ...login, schema: { body: ReserveScheduleRequestSchema, response: { 200: Envelope(ReserveResultSchema) } } }, async (request) =>
    ok(await reserveSchedule(db, sessionOf(request).user.id, request.body.schedule_id, request.body.reserve, clock())),
  );

  app.get('/api/Live/followerList', { ...login, schema: { querystring: FollowerListQuerySchema, response: { 200: Envelope(FollowerPageSchema) } } }, async (request) =>
    ok(await followerList(db, sessionOf(request).user.id, request.query)),
  );

  // ---- What viewers see: api/Live_streaming ----
  app.get('/api/Live_streaming/getRoomInfo', { schema: { querystring: RoomIdQuerySchema, response: { 200: Envelope(LiveRoomInfoSchema) } } }, async (request) => {
    const viewerId = await optionalViewerId(db, clock, request);
    return ok(await roomInfo(db, { presence: presence(), playbackUrls: app.playbackUrls, dvrOf: (roomId) => app.mediaArchive.roomDvrForViewers(roomId), lastReplayOf: (roomId) => lastReadyReplay(db, roomId) }, request.query.room_id, viewerId, clock()));
  });

  app.get('/api/Live_streaming/getLiveList', { schema: { querystring: LiveListQuerySchema, response: { 200: Envelope(LiveRoomPageSchema) } } }, async (request) =>
    ok(await liveList(db, presence(), request.query)),
  );

  app.get('/api/Live_streaming/getUserReserveLiveList', { ...login, schema: { querystring: PageQuerySchema, response: { 200: Envelope(UserReservationPageSchema) } } }, async (request) =>
    ok(await userReservations(db, sessionOf(request).user.id, request.query)),
  );

  app.get('/api/Live_streaming/getReserveLiveList', { schema: { querystring: ReserveLiveListQuerySchema, response: { 200: Envelope(LiveSchedulePageSchema) } } }, async (request) => {
    const viewerId = await optionalViewerId(db, clock, request);
    return ok(await upcomingSchedules(db, viewerId, request.query, clock()));
  });

  app.get('/api/Live_streaming/roomRanking', { schema: { querystring: RoomRankingQuerySchema, response: { 200: Envelope(RoomRankingSchema) } } }, async (request) =>
    ok(await roomRanking(db, presence(), app.roomGiftIncome, request.query, clock())),
  );

  await app.register(anchorsOpsRoutes, { db, opsToken: options.opsToken });
  await app.register(testRoomsOpsRoutes, { db, opsToken: options.opsToken });
}

import type {
  Activity,
  AllMatchRequest,
  ApiClient,
  Follower,
  MatchRow,
  RoomAdminList,
  SetReserveLiveRequest,
  UpdateLiveQuery,
  UploadResult,
  UploadToken,
  AttentionRequest,
  AttentionResult,
  Ban1Query,
  CreateRoomRequest,
  LiveListType,
  LiveRoomCard,
  LiveRoomInfo,
  LiveSchedule,
  MuteState,
  OwnLiveRoom,
  PageOf,
  LiveUrl,
  RankingPeriod,
  ReserveResult,
  RoomRanking,
  UserReservation,
  AttentionItem,
  WatchRecordResult,
  GiftList,
  HandselGiftQuery,
  HandselGiftResult,
  RoomRank,
  ReportRequest,
  ReportResult,
  Clip,
  ClipListQuery,
  ClipPage,
  ReplayInfo,
  ReplayListQuery,
  ReplayPage,
  Replay,
  ClipOffset,
} from '@sports/shared';

/** Every endpoint mf-live calls, in one place (server/README.md lists them). */
export const LIVE_PATHS = {
  liveList: 'api/Live_streaming/getLiveList',
  roomInfo: 'api/Live_streaming/getRoomInfo',
  ranking: 'api/Live_streaming/roomRanking',
  reserveLiveList: 'api/Live_streaming/getReserveLiveList',
  userReserveList: 'api/Live_streaming/getUserReserveLiveList',
  roomList: 'api/Live/getRoomList',
  createRoom: 'api/Live/createRoom',
  startRoom: 'api/Live/startRoom',
  endRoom: 'api/Live/endRoom',
  setTitle: 'api/Live/setTitle',
  setPlacard: 'api/Live/setPlacard',
  liveUrl: 'api/Live/getLiveUrl',
  ban: 'api/Live/ban1',
  // Issue 14: a viewer reports a chat line (moderation).
  report: 'api/moderation/report',
  reserveMatch: 'api/Live/reserveMatch',
  reserveSchedule: 'api/Live/reserveMatch2',
  attention: 'api/Member/attention',
  attentionList: 'api/User/attentionList',
  // The owner console: admins, followers to pick them from, schedules, category and cover.
  roomAdmins: 'api/tenxun/getRoomAdmin',
  setRoomAdmin: 'api/tenxun/setRoomAdmin',
  followerList: 'api/Live/followerList',
  setSchedule: 'api/Live/setReserveLiveNew',
  deleteSchedule: 'api/Live/deleteReserveLive',
  updateLive: 'api/Live/updateLive',
  /** The scores' schedule of one China day (mf-live calls it directly: it never imports mf-scores). */
  allMatch: 'api/hot_match/all_match',
  uploadToken: 'api/Member/getQiniuToken',
  upload: 'api/upload',
  // Issue 12: watch-history heartbeats and the activity banner beside the room.
  watchRecord: 'api/User/watchRecord',
  activities: 'api/Activity_Config/getActivityUrl',
  // Issue 13: gifts in the room and the room's contribution board.
  giftList: 'api/Gift/getList',
  handselGift: 'api/member/handselGift',
  giftRoomRank: 'api/Gift/roomRank',
  // Issue 34: clips (a moment of a room as an MP4) and replays (a whole broadcast as HLS).
  clipList: 'api/Clip/list',
  clipInfo: 'api/Clip/info',
  clipCreate: 'api/Clip/create',
  clipUpdate: 'api/Clip/update',
  clipDelete: 'api/Clip/delete',
  replayList: 'api/Live/replayList',
  replayInfo: 'api/Live/replayInfo',
  replayUpdate: 'api/Live/replayUpdate',
  replayDelete: 'api/Live/replayDelete',
  /** The anchor's feed-to-stream offset of later clips (the owner console). */
  setClipOffset: 'api/Live/setClipOffset',
} as const;

/** The header a paid call carries: one fresh key per send attempt, the same key on its retry. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** Cards per page of the live list. */
export const LIVE_LIST_PAGE_SIZE = 20;

/** Followers per page of the admin picker. */
export const FOLLOWER_PAGE_SIZE = 10;

/** The most matches of one day the schedule form offers (the largest page all_match gives). */
export const DAY_MATCHES_SIZE = 100;

/** Typed calls over the page's API client (the client applies SPEC.md section 8 to every answer). */
export function liveApi(api: ApiClient) {
  return {
    liveList: (type: LiveListType, page: number) => api.get<PageOf<LiveRoomCard>>(LIVE_PATHS.liveList, { type, page, page_size: LIVE_LIST_PAGE_SIZE }),
    roomInfo: (roomId: number) => api.get<LiveRoomInfo>(LIVE_PATHS.roomInfo, { room_id: roomId }),
    /**
     * The room showing a match (score-live), or null: the server filters by `match_id` and orders
     * live rooms first (most online first), then open ones, so the head of the list is the one.
     */
    roomOfMatch: async (matchId: number): Promise<LiveRoomCard | null> =>
      (await api.get<PageOf<LiveRoomCard>>(LIVE_PATHS.liveList, { match_id: matchId, page: 1, page_size: 1 })).list[0] ?? null,
    /** The broadcasts scheduled for a match, soonest first (filtered by the server). */
    schedulesOfMatch: async (matchId: number) =>
      (await api.get<PageOf<LiveSchedule>>(LIVE_PATHS.reserveLiveList, { match_id: matchId, page: 1, page_size: LIVE_LIST_PAGE_SIZE })).list,
    ranking: (period: RankingPeriod) => api.get<RoomRanking>(LIVE_PATHS.ranking, { period }),
    /** One room's upcoming schedules, soonest first (filtered by the server). */
    schedulesOfRoom: (roomId: number, page = 1) =>
      api.get<PageOf<LiveSchedule>>(LIVE_PATHS.reserveLiveList, { room_id: roomId, page, page_size: LIVE_LIST_PAGE_SIZE }),
    reserveLiveList: (page = 1) => api.get<PageOf<LiveSchedule>>(LIVE_PATHS.reserveLiveList, { page, page_size: LIVE_LIST_PAGE_SIZE }),
    userReserveList: (page = 1) => api.get<PageOf<UserReservation>>(LIVE_PATHS.userReserveList, { page, page_size: LIVE_LIST_PAGE_SIZE }),
    ownRooms: () => api.get<OwnLiveRoom[]>(LIVE_PATHS.roomList),
    createRoom: (request: CreateRoomRequest) => api.post<OwnLiveRoom>(LIVE_PATHS.createRoom, request),
    startRoom: (roomId: number) => api.get<OwnLiveRoom>(LIVE_PATHS.startRoom, { room_id: roomId }),
    endRoom: (roomId: number) => api.get<OwnLiveRoom>(LIVE_PATHS.endRoom, { room_id: roomId }),
    setTitle: (roomId: number, title: string) => api.get<OwnLiveRoom>(LIVE_PATHS.setTitle, { room_id: roomId, title }),
    setPlacard: (roomId: number, placard: string) => api.post<OwnLiveRoom>(LIVE_PATHS.setPlacard, { room_id: roomId, placard }),
    /**
     * The caller's push address (their own room): OBS server + stream key, the joined URL for
     * ffmpeg. `reset` bumps the key version so every address handed out before stops working.
     */
    liveUrl: (reset = false) => api.get<LiveUrl>(LIVE_PATHS.liveUrl, reset ? { reset: 1 } : {}),
    ban: (query: Ban1Query) => api.get<MuteState>(LIVE_PATHS.ban, query),
    report: (request: ReportRequest) => api.post<ReportResult>(LIVE_PATHS.report, request),
    reserveSchedule: (scheduleId: number, reserve: 0 | 1) => api.post<ReserveResult>(LIVE_PATHS.reserveSchedule, { schedule_id: scheduleId, reserve }),
    reserveMatch: (matchId: number, reserve: 0 | 1) => api.post<ReserveResult>(LIVE_PATHS.reserveMatch, { match_id: matchId, reserve }),
    attention: (request: AttentionRequest) => api.post<AttentionResult>(LIVE_PATHS.attention, request),
    attentionList: (page = 1) => api.get<PageOf<AttentionItem>>(LIVE_PATHS.attentionList, { page, page_size: LIVE_LIST_PAGE_SIZE }),
    roomAdmins: (roomId: number) => api.get<RoomAdminList>(LIVE_PATHS.roomAdmins, { room_id: roomId }),
    /** type 1 adds `userId` as an admin of the owner's room, 0 removes; answers the new list. */
    setRoomAdmin: (roomId: number, userId: number, type: 0 | 1) => api.get<RoomAdminList>(LIVE_PATHS.setRoomAdmin, { user_id: userId, type, room_id: roomId }),
    /** My followers whose nickname contains `keyword` (all when empty), newest follow first. */
    followerList: (keyword: string, page = 1) =>
      api.get<PageOf<Follower>>(LIVE_PATHS.followerList, { ...(keyword === '' ? {} : { keyword }), page, page_size: FOLLOWER_PAGE_SIZE }),
    setSchedule: (request: SetReserveLiveRequest) => api.post<LiveSchedule>(LIVE_PATHS.setSchedule, request),
    deleteSchedule: (scheduleId: number) => api.get<null>(LIVE_PATHS.deleteSchedule, { id: scheduleId }),
    updateLive: (query: UpdateLiveQuery) => api.get<OwnLiveRoom>(LIVE_PATHS.updateLive, query),
    /** The matches of one China day (`YYYY-MM-DD`), in kick-off order. */
    matchesOfDay: (request: Pick<AllMatchRequest, 'date' | 'sport'>) =>
      api.post<PageOf<MatchRow>>(LIVE_PATHS.allMatch, { ...request, page: 1, page_size: DAY_MATCHES_SIZE }),
    uploadToken: () => api.post<UploadToken>(LIVE_PATHS.uploadToken),
    /** Multipart `token` + `file`: the stored image's `/uploads/<hex>.<ext>` address. */
    upload: (token: UploadToken, file: Blob) => {
      const form = new FormData();
      form.append('token', token.token);
      form.append('file', file);
      return api.post<UploadResult>(LIVE_PATHS.upload, form);
    },
    /** A member's watch heartbeat: seconds (1-300) actually watched in the room since the last one. */
    watchRecord: (roomId: number, seconds: number) => api.post<WatchRecordResult>(LIVE_PATHS.watchRecord, { room_id: roomId, seconds }),
    /** The tab-close beat: the same call as a beacon, with the token of an earlier answer; false when it could not be queued. */
    watchRecordBeacon: (roomId: number, seconds: number, beaconToken: string) => api.beacon?.(LIVE_PATHS.watchRecord, { room_id: roomId, seconds, beacon_token: beaconToken }) ?? false,
    /** The activity banners whose window holds now (anyone), the server's order. */
    activities: () => api.get<Activity[]>(LIVE_PATHS.activities),
    /** The enabled gift catalogue (icon, name, price in coins, tier, combo). */
    giftList: () => api.get<GiftList>(LIVE_PATHS.giftList),
    /**
     * N of a gift to the room's anchor. `idempotencyKey` is one send attempt's key: a retry of the
     * same attempt passes the same key and the server answers the first result, applying nothing.
     */
    handselGift: async (query: HandselGiftQuery, idempotencyKey: string) =>
      (await api.request<HandselGiftResult>({ method: 'GET', url: LIVE_PATHS.handselGift, params: query, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } })).data,
    /** The room's top senders by coins this China day / week. */
    giftRoomRank: (roomId: number, period: RoomRank['period']) => api.get<RoomRank>(LIVE_PATHS.giftRoomRank, { room_id: roomId, period }),
    /** Ready clips of a match, a room or the latest (`kinds`: feed kinds only, `goal,penalty`), newest first. */
    clipList: (query: ClipListQuery) => api.get<ClipPage>(LIVE_PATHS.clipList, query),
    clipInfo: (clipId: number) => api.get<Clip>(LIVE_PATHS.clipInfo, { id: clipId }),
    /** 剪辑: the room's last PERSON_CLIP_SECONDS, answered at once with the clip `cutting`. */
    clipCreate: (roomId: number, title?: string) => api.post<Clip>(LIVE_PATHS.clipCreate, title ? { room_id: roomId, title } : { room_id: roomId }),
    clipUpdate: (clipId: number, title: string) => api.post<Clip>(LIVE_PATHS.clipUpdate, { id: clipId, title }),
    clipDelete: (clipId: number) => api.post<null>(LIVE_PATHS.clipDelete, { id: clipId }),
    /** Replays of an anchor, a room or a match, newest first. */
    replayList: (query: ReplayListQuery) => api.get<ReplayPage>(LIVE_PATHS.replayList, query),
    replayInfo: (replayId: number) => api.get<ReplayInfo>(LIVE_PATHS.replayInfo, { id: replayId }),
    /** The anchor hides (1) or shows (0) a replay. */
    replayUpdate: (replayId: number, hidden: 0 | 1) => api.post<Replay>(LIVE_PATHS.replayUpdate, { id: replayId, hidden }),
    replayDelete: (replayId: number) => api.post<null>(LIVE_PATHS.replayDelete, { id: replayId }),
    /** −CLIP_OFFSET_MAX_SECONDS…CLIP_OFFSET_MAX_SECONDS: added to an event's time before its clip is cut (later clips only). */
    setClipOffset: (roomId: number, seconds: number) => api.post<ClipOffset>(LIVE_PATHS.setClipOffset, { room_id: roomId, clip_offset_seconds: seconds }),
  };
}

export type LiveApi = ReturnType<typeof liveApi>;

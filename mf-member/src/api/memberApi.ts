import type {
  AnchorApplication,
  ApplyAnchorRequest,
  ChargeRuleList,
  Invitee,
  OrderPage,
  PayUrl,
  PublicUserInfo,
  VerifiedInfo,
  VerifyRealNameRequest,
  WatchlistItem,
} from '@sports/shared';
import type {
  ApiClient,
  AttentionItem,
  AttentionRequest,
  AttentionResult,
  AvatarChoice,
  BroadcastRecord,
  OwnLiveRoom,
  PageOf,
  Replay,
  ReplayPage,
  UpdateInfoRequest,
  UploadResult,
  UploadToken,
  UserProfile,
  UserReservation,
} from '@sports/shared';

/** Every endpoint mf-member calls, in one place (server/README.md lists them). */
export const MEMBER_PATHS = {
  profile: 'api/user/info',
  updateInfo: 'api/member/updateInfo',
  avatarList: 'api/user/avatarList',
  uploadToken: 'api/Member/getQiniuToken',
  attention: 'api/Member/attention',
  attentionList: 'api/User/attentionList',
  broadcastRecords: 'api/User/anchorExperienceList',
  ownRooms: 'api/Live/getRoomList',
  userReserveList: 'api/Live_streaming/getUserReserveLiveList',
  watchHistory: 'api/User/watchlistList',
  publicUser: 'api/User/getUserInfo',
  verify: 'api/Member/verified',
  verifiedInfo: 'api/Member/getVerifiedInfo',
  applyAnchor: 'api/Member/applyAnchor',
  anchorApplication: 'api/Member/anchorApplication',
  inviteList: 'api/Member/inviteList',
  chargeRules: 'api/chargerules/getList',
  payUrl: 'api/chargerules/payUrl',
  orders: 'api/Order/getList',
  /** Issue 34: an anchor's replays (about-user's 回放, broadcast records' 回放 links). */
  replayList: 'api/Live/replayList',
} as const;

/** `api/Order/getList`'s type for recharges (`ORDER_TYPES` in @sports/shared). */
export const RECHARGE_ORDER_TYPE = 1;
/** Rows of the recent orders list, and of each 更多订单 page. */
export const ORDER_LIST_PAGE_SIZE = 10;

/** Rows per page of mf-member's lists. */
export const MEMBER_LIST_PAGE_SIZE = 20;
/** The largest page the API gives (PAGE_SIZE_MAX): the records chart reads the last 30 days in pages of this. */
export const RECORDS_SCAN_PAGE_SIZE = 100;
/** At most this many pages are read for the chart (10,000 broadcasts in 30 days is beyond any anchor). */
export const RECORDS_SCAN_MAX_PAGES = 100;

// The member centre's shapes and limits (shared/src/schemas/member.ts), re-exported for the pages.
export {
  ANCHOR_INTRODUCTION_MAX,
  ANCHOR_INTRODUCTION_MIN,
  ANCHOR_SAMPLE_MAX,
  REAL_NAME_MAX,
  REAL_NAME_MIN,
  type AnchorApplication,
  type AnchorApplicationState,
  type AnchorCategory,
  type ApplyAnchorRequest,
  type PublicRoom,
  type PublicUserInfo,
  type VerifiedInfo,
  type VerifyRealNameRequest,
  type WatchlistItem,
} from '@sports/shared';

/** Typed calls over the page's API client (the client applies SPEC.md section 8 to every answer). */
/** Replays per page (about-user), and the page broadcast records match their rows against. */
export const REPLAY_PAGE_SIZE = 20;
export const REPLAY_MATCH_PAGE_SIZE = 50;

/** The replay page of the clip route (mf-live's #/clip, replay mode). */
export function replayHref(replayId: number): string {
  return `#/clip?replay=${replayId}`;
}

/** A broadcast's replay key: its room and the moment it went on air (a record and its replay share both). */
export function broadcastKey(item: { room_id: number; started_at: string }): string {
  return `${item.room_id}|${Date.parse(item.started_at)}`;
}

/** Watchable replays by broadcast (ready, or hidden: shown to their anchor only). */
export function replaysByBroadcast(replays: readonly Replay[]): Map<string, Replay> {
  const byKey = new Map<string, Replay>();
  for (const replay of replays) if (replay.status === 'ready' || replay.status === 'hidden') byKey.set(broadcastKey(replay), replay);
  return byKey;
}

export function memberApi(api: ApiClient) {
  return {
    /** An anchor's replays, newest first (keyset `cursor`). */
    replaysOfAnchor: (anchorId: number, cursor?: string, limit = REPLAY_PAGE_SIZE) =>
      api.get<ReplayPage>(MEMBER_PATHS.replayList, { anchor_id: anchorId, limit, ...(cursor === undefined ? {} : { cursor }) }),
    profile: () => api.get<UserProfile>(MEMBER_PATHS.profile),
    updateInfo: (request: UpdateInfoRequest) => api.post<UserProfile>(MEMBER_PATHS.updateInfo, request),
    avatarList: () => api.get<AvatarChoice[]>(MEMBER_PATHS.avatarList),
    uploadToken: () => api.post<UploadToken>(MEMBER_PATHS.uploadToken),
    /** Multipart `token` + `file` to the address the token names (`/api/upload`). */
    upload: (token: UploadToken, file: Blob) => {
      const form = new FormData();
      form.append('token', token.token);
      form.append('file', file);
      return api.post<UploadResult>(token.uploadUrl.replace(/^\/+/, ''), form);
    },
    attention: (request: AttentionRequest) => api.post<AttentionResult>(MEMBER_PATHS.attention, request),
    attentionList: (page = 1) => api.get<PageOf<AttentionItem>>(MEMBER_PATHS.attentionList, { page, page_size: MEMBER_LIST_PAGE_SIZE }),
    broadcastRecords: (page = 1, pageSize = MEMBER_LIST_PAGE_SIZE) =>
      api.get<PageOf<BroadcastRecord>>(MEMBER_PATHS.broadcastRecords, { page, page_size: pageSize }),
    ownRooms: () => api.get<OwnLiveRoom[]>(MEMBER_PATHS.ownRooms),
    userReserveList: (page = 1) => api.get<PageOf<UserReservation>>(MEMBER_PATHS.userReserveList, { page, page_size: MEMBER_LIST_PAGE_SIZE }),
    watchHistory: (page = 1) => api.get<PageOf<WatchlistItem>>(MEMBER_PATHS.watchHistory, { page, page_size: MEMBER_LIST_PAGE_SIZE }),
    publicUser: (userId: number) => api.get<PublicUserInfo>(MEMBER_PATHS.publicUser, { user_id: userId }),
    verify: (request: VerifyRealNameRequest) => api.post<VerifiedInfo>(MEMBER_PATHS.verify, request),
    verifiedInfo: () => api.post<VerifiedInfo>(MEMBER_PATHS.verifiedInfo),
    applyAnchor: (request: ApplyAnchorRequest) => api.post<AnchorApplication>(MEMBER_PATHS.applyAnchor, request),
    anchorApplication: () => api.get<AnchorApplication | null>(MEMBER_PATHS.anchorApplication),
    inviteList: (page = 1) => api.get<PageOf<Invitee>>(MEMBER_PATHS.inviteList, { page, page_size: MEMBER_LIST_PAGE_SIZE }),
    chargeRules: () => api.post<ChargeRuleList>(MEMBER_PATHS.chargeRules),
    /**
     * A pending recharge order and where to pay it. The key names the purchase attempt: the same
     * key again answers the same order. The client's `request` takes the call's own headers
     * (AxiosRequestConfig) and applies the same envelope rules as `get`. No `provider`: the
     * server's configured one (WALLET_PAYMENT_PROVIDER: the sandbox, or Alipay) takes the money.
     */
    payUrl: async (ruleId: number, idempotencyKey: string) =>
      (await api.request<PayUrl>({ method: 'GET', url: MEMBER_PATHS.payUrl, params: { id: ruleId }, headers: { 'Idempotency-Key': idempotencyKey } })).data,
    /** My recharge orders, newest first; `cursor` is the previous page's `next_cursor`. */
    rechargeOrders: (cursor?: string, pageSize = ORDER_LIST_PAGE_SIZE) =>
      api.get<OrderPage>(MEMBER_PATHS.orders, { type: RECHARGE_ORDER_TYPE, page_size: pageSize, ...(cursor === undefined ? {} : { cursor }) }),
  };
}

export type MemberApi = ReturnType<typeof memberApi>;

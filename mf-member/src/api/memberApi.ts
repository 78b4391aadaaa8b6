import type {
  ApiClient,
  AttentionItem,
  AttentionRequest,
  AttentionResult,
  AvatarChoice,
  BroadcastRecord,
  OwnLiveRoom,
  PageOf,
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
} as const;

/** Rows per page of mf-member's lists. */
export const MEMBER_LIST_PAGE_SIZE = 20;
/** The largest page the API gives (PAGE_SIZE_MAX): the records chart reads the last 30 days in pages of this. */
export const RECORDS_SCAN_PAGE_SIZE = 100;
/** At most this many pages are read for the chart (10,000 broadcasts in 30 days is beyond any anchor). */
export const RECORDS_SCAN_MAX_PAGES = 100;

// ---------------------------------------------------------------------------------------------
// TODO(member schemas): the real-name, anchor application, watch history and public user
// endpoints are being built now in server/src/member/; their schemas land in
// shared/src/schemas/member.ts (not yet committed when this was written). The shapes below
// mirror that file field by field; when it is committed, import these types from
// '@sports/shared' instead and delete this block.
// ---------------------------------------------------------------------------------------------

/** Real names: 2-30 characters (`·` allowed); ID numbers 18 characters. */
export const REAL_NAME_MIN = 2;
export const REAL_NAME_MAX = 30;
/** The application's introduction (characters) and sample address limits. */
export const ANCHOR_INTRODUCTION_MIN = 10;
export const ANCHOR_INTRODUCTION_MAX = 300;
export const ANCHOR_SAMPLE_MAX = 300;

type Flag = 0 | 1;

/** `POST api/Member/verified`. */
export interface VerifyRealNameRequest {
  name: string;
  id_number: string;
}

/** `POST api/Member/getVerifiedInfo` (and the answer of `verified`): masked, never the whole number. */
export interface VerifiedInfo {
  is_verified: Flag;
  name: string | null;
  id_number: string | null;
  verified_at: string | null;
}

/** 1 football, 2 basketball, 3 esports, 4 general (the live room types). */
export type AnchorCategory = 1 | 2 | 3 | 4;

/** `POST api/Member/applyAnchor`. `sample`: an https address of a past broadcast or video. */
export interface ApplyAnchorRequest {
  category: AnchorCategory;
  introduction: string;
  sample: string;
}

export type AnchorApplicationState = 'pending' | 'approved' | 'rejected';

/** One application as its applicant sees it; `GET api/Member/anchorApplication` answers the latest or null. */
export interface AnchorApplication {
  id: number;
  category: AnchorCategory;
  introduction: string;
  sample: string;
  state: AnchorApplicationState;
  /** Only when rejected. */
  reject_reason: string | null;
  created_at: string;
  reviewed_at: string | null;
}

/** The user's room as their public page shows it. */
export interface PublicRoom {
  room_id: number;
  title: string;
  type: AnchorCategory;
  cover: string;
  stream_status: 'live' | 'offline';
  is_live: Flag;
}

/** `GET api/User/getUserInfo?user_id=`: what anyone may see of a user. */
export interface PublicUserInfo {
  id: number;
  user_nickname: string;
  avatar: string;
  level: number;
  is_anchor: Flag;
  room: PublicRoom | null;
  fans: number;
  /** 1 when the signed-in viewer follows this user; 0 for guests. */
  is_attention: Flag;
}

/** One row of `GET api/User/watchlistList`: a room I watched, newest first. */
export interface WatchlistItem {
  room_id: number;
  title: string;
  anchor_id: number;
  anchor_nickname: string;
  cover: string;
  stream_status: 'live' | 'offline';
  is_live: Flag;
  last_watched_at: string;
  total_seconds: number;
}

/** Typed calls over the page's API client (the client applies SPEC.md section 8 to every answer). */
export function memberApi(api: ApiClient) {
  return {
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
  };
}

export type MemberApi = ReturnType<typeof memberApi>;

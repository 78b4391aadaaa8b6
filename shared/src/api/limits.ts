/** Business constants of SPEC.md section 9 that both sides rely on. */
export const REQUEST_TIMEOUT_MS = 20_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const ERROR_TOAST_DURATION_MS = 5_000;
/** A second code 700 within this window is ignored (SPEC.md section 8). */
export const LOGIN_REQUIRED_DEDUPE_MS = 2_000;
export const SMS_RESEND_SECONDS = 60;
export const SOCKET_HEARTBEAT_MS = 30_000;
export const WHISTLE_DURATION_MS = 6_000;
export const CHAT_SIGNATURE_VALIDITY_SECONDS = 604_800;
export const ONLINE_COUNT_BONUS = 50;
export const GUEST_PROFILE_UPDATE_DELAY_MS = 1_000;
export const GROUP_JOIN_DELAY_MS = 1_000;
export const NARROW_SCREEN_MAX_WIDTH_PX = 500;
export const MOBILE_LAYOUT_MAX_WIDTH_PX = 992;
export const HEADER_HIDE_SCROLL_PX = 60;
export const HOT_SEARCH_ITEMS = 10;
export const DEFAULT_COUNTRY_CODE = '86';
export const MAX_LENGTH = { mobile: 11, smsCode: 6, invite: 10, search: 10 } as const;

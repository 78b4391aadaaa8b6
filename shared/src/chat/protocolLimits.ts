// The chat protocol's plain constants (no TypeBox), for the browser entry of @sports/shared;
// protocol.ts builds its frame schemas from them and re-exports them for the server.
import type { ChatClientFrameType } from './protocol';

/** The protocol version a client speaks (its `login` frame's `v`); the protocol itself: protocol.ts. */
export const CHAT_PROTOCOL_VERSION = 1;
/** The largest client frame the server reads (bytes of JSON). */
export const CHAT_MAX_FRAME_BYTES = 8 * 1024;
/** The server closes a connection that sent nothing (not even `ping`) for this long. */
export const CHAT_IDLE_TIMEOUT_MS = 90_000;
/** Clients ping this often. */
export const CHAT_PING_INTERVAL_MS = 30_000;
/** Messages a joining member receives in its `history` frame at most. */
export const CHAT_HISTORY_LIMIT = 50;
export const CHAT_CLIENT_FRAME_TYPES: readonly ChatClientFrameType[] = ['login', 'join', 'quit', 'send', 'profile', 'count', 'create-group', 'ping'];
/**
 * cloudCustomData.type 2: a gift sent in the room (api/member/handselGift, after its commit). The
 * message is a system line in the assistant channel (text `<nickname> 送出 <gift> x<count>`, from
 * the system) and `cloudCustomData.gift` carries what the page animates: the gift, its tier
 * (1 chat line only, 2 banner over the player, 3 full screen), the count, the sender, and
 * `comboKey` (sender + gift: the same key within a few seconds shows as xN). Only the server
 * writes type 2; clients never send it.
 */
export const CHAT_GIFT_MESSAGE_TYPE = 2;
/** Why a login failed. */
export const CHAT_LOGIN_FAILURES = ['malformed', 'bad-signature', 'expired', 'session-ended', 'unknown-user', 'unsupported-version', 'provider-mismatch'] as const;
/** Error frame codes (not tied to a send; sends get `refused`). */
export const CHAT_ERROR_CODES = ['bad-frame', 'not-logged-in', 'already-logged-in', 'no-such-group', 'forbidden', 'not-in-group', 'too-many-groups', 'rate-limited'] as const;

import { type ReadVar, parseInteger } from '../infra/config/envVars';

/** Which IM the page uses (system config `im.provider`) and how the server signs for it. */
export type ImProvider = 'builtin' | 'tencent';

export interface ChatConfig {
  provider: ImProvider;
  /** Tencent Cloud IM (IM_PROVIDER=tencent): the application and its signing key (server only). */
  tencent: { sdkAppId: number; secretKey: string } | null;
  /** Guests read the built-in chat; with this on they may also send, with stricter limits. */
  guestsMaySend: boolean;
  /** Inbound messages a room accepts per second (anchor and admin messages always pass). */
  roomMessagesPerSecond: number;
}

export const DEFAULT_ROOM_MESSAGES_PER_SECOND = 50;

export function defaultChatConfig(): ChatConfig {
  return { provider: 'builtin', tencent: null, guestsMaySend: false, roomMessagesPerSecond: DEFAULT_ROOM_MESSAGES_PER_SECOND };
}

/** IM_PROVIDER, TENCENT_IM_SDKAPPID, TENCENT_IM_SECRET_KEY, CHAT_GUESTS_MAY_SEND, CHAT_ROOM_MESSAGES_PER_SECOND. */
export function loadChatConfig(read: ReadVar, problems: string[]): ChatConfig {
  const provider = read('IM_PROVIDER') ?? 'builtin';
  const config = defaultChatConfig();
  config.roomMessagesPerSecond = parseInteger('CHAT_ROOM_MESSAGES_PER_SECOND', read('CHAT_ROOM_MESSAGES_PER_SECOND'), { fallback: DEFAULT_ROOM_MESSAGES_PER_SECOND, min: 1, max: 100_000 }, problems);
  const guests = read('CHAT_GUESTS_MAY_SEND');
  if (guests !== undefined && guests !== '0' && guests !== '1') problems.push(`CHAT_GUESTS_MAY_SEND must be 0 or 1, got "${guests}"`);
  config.guestsMaySend = guests === '1';
  if (provider === 'builtin') return config;
  if (provider !== 'tencent') {
    problems.push(`IM_PROVIDER must be one of builtin, tencent, got "${provider}"`);
    return config;
  }
  const sdkAppId = parseInteger('TENCENT_IM_SDKAPPID', read('TENCENT_IM_SDKAPPID'), { fallback: 0, min: 1, max: 4_294_967_295 }, problems);
  const secretKey = read('TENCENT_IM_SECRET_KEY');
  if (read('TENCENT_IM_SDKAPPID') === undefined) problems.push('IM_PROVIDER=tencent needs TENCENT_IM_SDKAPPID');
  if (secretKey === undefined) problems.push('IM_PROVIDER=tencent needs TENCENT_IM_SECRET_KEY');
  return { ...config, provider: 'tencent', tencent: sdkAppId > 0 && secretKey !== undefined ? { sdkAppId, secretKey } : null };
}

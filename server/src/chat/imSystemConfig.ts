import type { SystemConfig } from '@sports/shared/server';
import type { ChatConfig } from './chatConfig';

/** The name guests chat under before their number (游客123456): the page and the hub agree on it. */
export const GUEST_NICKNAME_PREFIX = '游客';

/**
 * The chat's part of the site configuration (`api/universal/getHot`'s `im`): it follows
 * IM_PROVIDER, Tencent Cloud IM (its SDKAppID) or the built-in chat socket.
 */
export function imSystemConfig(chat: ChatConfig): SystemConfig['im'] {
  return chat.provider === 'tencent' && chat.tencent !== null
    ? { provider: 'tencent', sdkAppId: chat.tencent.sdkAppId, guestNicknamePrefix: GUEST_NICKNAME_PREFIX }
    : { provider: 'builtin', socketPath: '/ws/chat', guestNicknamePrefix: GUEST_NICKNAME_PREFIX };
}

import { DEFAULT_COUNTRY_CODE, type SystemConfig } from '@sports/shared/server';
import { type ChatConfig, defaultChatConfig } from '../../chat/chatConfig';
import { COUNTRY_CODES } from './countryCodes';

export const SITE_TITLE = '体育直播';

/**
 * The configuration the page starts with. Socket addresses are paths on this site, so the same
 * answer works behind any host name or proxy.
 */
export function getSystemConfig(chat: ChatConfig = defaultChatConfig()): SystemConfig {
  return {
    siteTitle: SITE_TITLE,
    siteTitleSuffix: ` - ${SITE_TITLE}`,
    CountryCode: COUNTRY_CODES.map((country) => ({ ...country })),
    defaultCountryCode: DEFAULT_COUNTRY_CODE,
    websocketUrl: '/ws/live-data',
    // The IM follows IM_PROVIDER: Tencent Cloud IM (its SDKAppID) or the built-in chat socket.
    im:
      chat.provider === 'tencent' && chat.tencent !== null
        ? { provider: 'tencent', sdkAppId: chat.tencent.sdkAppId, guestNicknamePrefix: '游客' }
        : { provider: 'builtin', socketPath: '/ws/chat', guestNicknamePrefix: '游客' },
  };
}

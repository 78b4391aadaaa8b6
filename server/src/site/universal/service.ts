import { DEFAULT_COUNTRY_CODE, type SystemConfig } from '@sports/shared/server';
import { type ChatConfig, defaultChatConfig, imSystemConfig } from '../../chat/index';
import { COUNTRY_CODES } from '../../accounts/index';
import { type DownloadConfig, defaultDownloadConfig } from '../download/downloadConfig';

export const SITE_TITLE = '体育直播';

/**
 * The configuration the page starts with. Socket addresses are paths on this site, so the same
 * answer works behind any host name or proxy.
 */
export function getSystemConfig(chat: ChatConfig = defaultChatConfig(), download: DownloadConfig = defaultDownloadConfig()): SystemConfig {
  return {
    siteTitle: SITE_TITLE,
    siteTitleSuffix: ` - ${SITE_TITLE}`,
    CountryCode: COUNTRY_CODES.map((country) => ({ ...country })),
    defaultCountryCode: DEFAULT_COUNTRY_CODE,
    websocketUrl: '/ws/live-data',
    im: imSystemConfig(chat),
    appDownload: { h5Url: download.h5Url ?? '/h5', iosUrl: download.iosUrl, androidUrl: download.androidUrl, qrSvgUrl: '/api/site/downloadQr.svg' },
  };
}

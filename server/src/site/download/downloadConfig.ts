/**
 * The app download page (`downLoad`): the mobile site the QR code opens and the store links.
 *
 * - SITE_H5_URL: the mobile site's absolute address (http or https), e.g. https://m.example.com/h5.
 *   Unset: the address is this site's own `/h5`, built from the request's Host (fine behind one
 *   name; set it in production so a proxy's internal host name never ends up in the QR code).
 * - APP_IOS_URL, APP_ANDROID_URL: the App Store page and the Android download (https). Unset: the
 *   stores' search pages for the site's name, so the buttons lead somewhere real on a demo machine.
 */
export interface DownloadConfig {
  h5Url: string | null;
  iosUrl: string;
  androidUrl: string;
}

export const DEFAULT_IOS_URL = `https://apps.apple.com/cn/search?term=${encodeURIComponent('体育直播')}`;
export const DEFAULT_ANDROID_URL = `https://sj.qq.com/search?q=${encodeURIComponent('体育直播')}`;

export function defaultDownloadConfig(): DownloadConfig {
  return { h5Url: null, iosUrl: DEFAULT_IOS_URL, androidUrl: DEFAULT_ANDROID_URL };
}

function parseWebUrl(name: string, raw: string | undefined, protocols: readonly string[], problems: string[]): string | null {
  if (raw === undefined) return null;
  try {
    const url = new URL(raw);
    if (protocols.includes(url.protocol) && url.username === '' && url.password === '') return url.toString();
  } catch {
    // reported below
  }
  problems.push(`${name} must be an absolute ${protocols.map((protocol) => `${protocol}//`).join(' or ')} address, got "${raw}"`);
  return null;
}

export function loadDownloadConfig(read: (name: string) => string | undefined, problems: string[]): DownloadConfig {
  return {
    h5Url: parseWebUrl('SITE_H5_URL', read('SITE_H5_URL'), ['https:', 'http:'], problems),
    iosUrl: parseWebUrl('APP_IOS_URL', read('APP_IOS_URL'), ['https:'], problems) ?? DEFAULT_IOS_URL,
    androidUrl: parseWebUrl('APP_ANDROID_URL', read('APP_ANDROID_URL'), ['https:'], problems) ?? DEFAULT_ANDROID_URL,
  };
}

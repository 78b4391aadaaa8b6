import type { ImProvider } from './chatConfig';

/** Tencent Cloud IM's endpoints (tim-js-sdk: wss.im.qcloud.com, events.im.qcloud.com, *.my-imcloud.com abroad, *.tim.qq.com). */
const TENCENT_IM_SOURCES = ['qcloud.com', 'tim.qq.com', 'my-imcloud.com'].flatMap((domain) => [`wss://*.${domain}`, `https://*.${domain}`]);

/** The hosts the page must reach for the configured chat (the CSP's connect-src): none for the built-in chat. */
export function chatConnectSources(provider: ImProvider): readonly string[] {
  return provider === 'tencent' ? TENCENT_IM_SOURCES : [];
}

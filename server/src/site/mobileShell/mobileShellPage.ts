import { beforeHeadEnd } from '../htmlHead';
import { APP_ICONS_PATH } from './appIcons';
import { MOBILE_PAGE_TITLE, MOBILE_SITE_SHORT_NAME, MOBILE_THEME_COLOUR, WEB_APP_MANIFEST_PATH } from './webAppManifest';

/** The /h5 page's viewport: the phone's width, no zoom needed, drawn under the notch (the shell pads by env(safe-area-inset-*)). */
export const MOBILE_VIEWPORT = 'width=device-width, initial-scale=1, viewport-fit=cover';

/** The viewport meta as html-webpack-plugin writes it (minified: unquoted attributes) or by hand. */
const VIEWPORT_META = /<meta\s[^>]*name=["']?viewport["'\s>][^>]*>/i;
const TITLE = /<title>[\s\S]*?<\/title>/i;
const HTML_START = /<html(?=[\s>])/i;

/** The attribute that makes the page's first paint the mobile shell's (host/src/index.html: header, tab bar). */
export const MOBILE_SHELL_MARK = 'data-shell="h5"';

/**
 * The host's built page (host/dist/index.html) as the mobile shell: the same scripts (absolute
 * /web/ addresses, so they resolve from /h5/), with the mobile viewport, the web app manifest,
 * the theme colour and iOS's home-screen tags, the mobile title, and the mark that paints the
 * page's first paint as the mobile shell (`<html data-shell="h5">`).
 */
export function asMobileShellPage(hostHtml: string): string {
  const viewport = `<meta name="viewport" content="${MOBILE_VIEWPORT}">`;
  let html = hostHtml.replace(HTML_START, `<html ${MOBILE_SHELL_MARK}`);
  html = VIEWPORT_META.test(html) ? html.replace(VIEWPORT_META, viewport) : beforeHeadEnd(html, viewport);
  html = TITLE.test(html) ? html.replace(TITLE, `<title>${MOBILE_PAGE_TITLE}</title>`) : beforeHeadEnd(html, `<title>${MOBILE_PAGE_TITLE}</title>`);
  return beforeHeadEnd(
    html,
    [
      `<link rel="manifest" href="${WEB_APP_MANIFEST_PATH}">`,
      `<meta name="theme-color" content="${MOBILE_THEME_COLOUR}">`,
      `<link rel="apple-touch-icon" href="${APP_ICONS_PATH}apple-touch-icon.png">`,
      '<meta name="apple-mobile-web-app-capable" content="yes">',
      '<meta name="mobile-web-app-capable" content="yes">',
      `<meta name="apple-mobile-web-app-title" content="${MOBILE_SITE_SHORT_NAME}">`,
    ].join(''),
  );
}

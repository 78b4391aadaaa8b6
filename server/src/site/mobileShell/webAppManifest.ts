import { theme } from '@sports/shared/server';
import { APP_ICON_FILES, APP_ICONS_PATH } from './appIcons';

export const WEB_APP_MANIFEST_PATH = '/h5/manifest.webmanifest';

/** What the browser shows when the mobile site is added to the home screen (`name`, the title the page starts with). */
export const MOBILE_SITE_NAME = '体育直播';
export const MOBILE_SITE_SHORT_NAME = '体育直播';
/** The /h5 page's title until the route's title replaces it (kept from the old static page). */
export const MOBILE_PAGE_TITLE = '体育直播 - 移动版';

/** The browser chrome's colour (theme-color) and the manifest's: the header's. */
export const MOBILE_THEME_COLOUR = theme.colors.navBackground;

/**
 * The web app manifest of the mobile site (https://www.w3.org/TR/appmanifest/): installed, it
 * opens `/h5/#/main` standalone, inside the /h5/ scope, in the theme's colours.
 */
export function webAppManifest() {
  return {
    id: '/h5/',
    name: MOBILE_SITE_NAME,
    short_name: MOBILE_SITE_SHORT_NAME,
    description: '足球、篮球、电竞直播与实时比分',
    lang: 'zh-CN',
    dir: 'ltr',
    start_url: '/h5/#/main',
    scope: '/h5/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: MOBILE_THEME_COLOUR,
    background_color: theme.colors.background,
    icons: APP_ICON_FILES.filter((icon) => icon.file !== 'apple-touch-icon.png').map((icon) => ({
      src: `${APP_ICONS_PATH}${icon.file}`,
      sizes: `${icon.size}x${icon.size}`,
      type: 'image/png',
      purpose: icon.purpose,
    })),
  };
}

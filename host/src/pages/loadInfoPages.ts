import { preloadComponent } from '@sports/shared';

/**
 * The footer's pages (关于我们, 联系我们, 用户协议, 隐私政策: InfoPages.tsx and their text), a chunk of
 * their own (issue 38: the first visit's bytes; about 1 kB compressed that no first screen of
 * the home page shows). Fetched when a link to them is pointed at, focused or touched
 * (`preloadInfoPages`: the footer and the left menu), so a click finds them loaded.
 */
const loadInfoPages = () => import(/* webpackChunkName: "route-info" */ './InfoPages');

/** Each page's loader (module constants: useLoadedComponent keeps one load per loader). */
export const INFO_PAGE_LOADERS = {
  about: () => loadInfoPages().then((module) => ({ default: module.AboutPage })),
  contact: () => loadInfoPages().then((module) => ({ default: module.ContactPage })),
  terms: () => loadInfoPages().then((module) => ({ default: module.TermsPage })),
  privacy: () => loadInfoPages().then((module) => ({ default: module.PrivacyPage })),
};

/** All four loaded, so the page a click opens renders in the click's commit. */
export function preloadInfoPages(): void {
  for (const load of Object.values(INFO_PAGE_LOADERS)) void preloadComponent(load).catch(() => undefined);
}

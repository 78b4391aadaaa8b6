import { mobileCopy } from './mobileCopy';

const tabText = mobileCopy.tabs;

/** One tab of the mobile shell's bottom bar: the page it opens and the pages it stands for. */
export interface MobileTab {
  /** The route the tab opens (`#/${path}`). */
  path: string;
  label: string;
  /** Other routes under this tab: it is highlighted there too (aria-current="true", not "page"). */
  section: readonly string[];
}

/**
 * The bottom tabs (issue 17): 首页 直播 比分 社区 我的. 头条 (news) is not the community's: on the
 * desktop it is its own nav item, on the phone it is read from the home page's headlines, so it is
 * under 首页 (issue 33: it lit 社区).
 */
export const MOBILE_TABS: readonly MobileTab[] = [
  { path: 'main', label: tabText.home, section: ['news'] },
  { path: 'anchor', label: tabText.live, section: ['live', 'rank', 'attention', 'reserve'] },
  { path: 'football', label: tabText.scores, section: ['basketball', 'bifen', 'score-live', 'score-detail', 'schedule', 'foresight'] },
  { path: 'circle', label: tabText.community, section: ['circle-detail', 'base-football', 'base-basketball'] },
  { path: 'member', label: tabText.mine, section: ['persona', 'messages'] },
];

/** Whether a route is one of the tabs' own pages (those have no back button: the tabs are the way around). */
export function isTabPage(routePath: string): boolean {
  return MOBILE_TABS.some((tab) => tab.path === routePath);
}

/** How a tab relates to the route shown: its own page, a page of its section, or neither. */
export function tabCurrent(tab: MobileTab, routePath: string): 'page' | 'true' | undefined {
  if (tab.path === routePath) return 'page';
  return tab.section.includes(routePath) ? 'true' : undefined;
}

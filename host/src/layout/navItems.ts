import { hostMessages } from '../messages';

const text = hostMessages.nav;

export interface NavTarget {
  label: string;
  /** Router path with its query, e.g. '/anchor?type=1' (rendered as '#/anchor?type=1'). */
  to: string;
}

export interface NavLinkEntry extends NavTarget {
  kind: 'link';
  navIndex: number;
}

export interface NavDropdownEntry {
  kind: 'dropdown';
  navIndex: number;
  label: string;
  /** Where the label itself leads, when it is a link as well as a menu (Live: all rooms). */
  labelTo?: string;
  /** Accessible name of the separate menu button when the label is a link. */
  toggleLabel?: string;
  items: NavTarget[];
}

export type NavEntry = NavLinkEntry | NavDropdownEntry;

/** The top navigation in display order, with the nav index each highlights (SPEC.md section 2). */
export const NAV_ENTRIES: readonly NavEntry[] = [
  { kind: 'link', navIndex: 0, label: text.home, to: '/main' },
  {
    kind: 'dropdown',
    navIndex: 2,
    label: text.live,
    labelTo: '/anchor?type=0',
    toggleLabel: text.liveMenu,
    items: [
      { label: text.football, to: '/anchor?type=1' },
      { label: text.basketball, to: '/anchor?type=2' },
      { label: text.esports, to: '/anchor?type=3' },
      { label: text.general, to: '/anchor?type=4' },
    ],
  },
  { kind: 'link', navIndex: 3, label: text.schedule, to: '/schedule' },
  {
    kind: 'dropdown',
    navIndex: 1,
    label: text.scores,
    items: [
      { label: text.football, to: '/football' },
      { label: text.basketball, to: '/basketball' },
    ],
  },
  { kind: 'link', navIndex: 4, label: text.news, to: '/news' },
  { kind: 'link', navIndex: 5, label: text.circle, to: '/circle' },
  {
    kind: 'dropdown',
    navIndex: 6,
    label: text.knowledgeBase,
    items: [
      { label: text.football, to: '/base-football' },
      { label: text.basketball, to: '/base-basketball' },
    ],
  },
  { kind: 'link', navIndex: 9, label: text.foresight, to: '/foresight' },
  { kind: 'link', navIndex: 7, label: text.download, to: '/downLoad' },
];

/** The attributes that mark a nav item, and highlight the one of the current page. */
export function navItemMarks(navIndex: number, activeNavIndex: number | null) {
  const active = navIndex === activeNavIndex;
  return {
    'data-nav-index': String(navIndex),
    'data-active': active ? 'true' : 'false',
    'aria-current': active ? ('page' as const) : undefined,
  };
}

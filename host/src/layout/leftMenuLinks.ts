import { samePath } from '@sports/shared/routePaths';
import { hostMessages } from '../messages';
import type { NavTarget } from './navItems';

const text = hostMessages.leftMenu;

/** The left menu's page links, in order (SPEC.md section 2, Layout). */
export const LEFT_MENU_LINKS: readonly NavTarget[] = [
  { label: text.schedule, to: '/schedule' },
  { label: text.follow, to: '/attention' },
  { label: text.reserve, to: '/reserve' },
  { label: text.all, to: '/anchor?type=0' },
  { label: text.football, to: '/anchor?type=1' },
  { label: text.basketball, to: '/anchor?type=2' },
];

/** The live list without a type shows all rooms, so it counts as type 0. */
function liveType(search: URLSearchParams): string {
  return search.get('type') ?? '0';
}

/**
 * Whether `link` is the page at `pathname` + `search`. The live-list links differ only by type;
 * other links match on the path alone, whatever their query.
 */
export function isCurrentLink(link: NavTarget, pathname: string, search: string): boolean {
  const [linkPath, linkQuery = ''] = link.to.split('?');
  if (!samePath(linkPath ?? '', pathname)) return false;
  if (linkPath !== '/anchor') return true;
  return liveType(new URLSearchParams(linkQuery)) === liveType(new URLSearchParams(search));
}

import type { NavEntry } from './navItems';
import { NavDropdown } from './NavDropdown';
import { NavLinkItem } from './NavLinkItem';

export interface NavItemProps {
  entry: NavEntry;
  activeNavIndex: number | null;
}

/** One entry of the top navigation: a link or a dropdown. */
export function NavItem({ entry, activeNavIndex }: NavItemProps) {
  if (entry.kind === 'dropdown') return <NavDropdown entry={entry} activeNavIndex={activeNavIndex} />;
  return <NavLinkItem entry={entry} activeNavIndex={activeNavIndex} />;
}

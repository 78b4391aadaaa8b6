import { navItemMarks, type NavLinkEntry } from './navItems';
import { NavAnchor, NavListItem } from './navStyles';

export interface NavLinkItemProps {
  entry: NavLinkEntry;
  activeNavIndex: number | null;
}

/** A plain top-nav link (Home, Schedule, Headlines, ...). */
export function NavLinkItem({ entry, activeNavIndex }: NavLinkItemProps) {
  return (
    <NavListItem>
      <NavAnchor to={entry.to} {...navItemMarks(entry.navIndex, activeNavIndex)}>
        {entry.label}
      </NavAnchor>
    </NavListItem>
  );
}

import { navItemMarks, type NavDropdownEntry } from './navItems';
import { ChevronButton, MenuLink, MenuList, NavAnchor, NavButton, NavListItem } from './navStyles';
import { useDropdown } from './useDropdown';

export interface NavDropdownProps {
  entry: NavDropdownEntry;
  activeNavIndex: number | null;
}

/**
 * A top-nav item with a menu (Live, Scores, Knowledge base). Opens on mouse hover and on its
 * button; when the label also leads somewhere (Live: all rooms) the menu gets its own button.
 */
export function NavDropdown({ entry, activeNavIndex }: NavDropdownProps) {
  const { containerProps, toggleProps, menuProps, close } = useDropdown<HTMLLIElement>();
  const marks = navItemMarks(entry.navIndex, activeNavIndex);

  return (
    <NavListItem {...containerProps}>
      {entry.labelTo ? (
        <>
          <NavAnchor to={entry.labelTo} {...marks}>
            {entry.label}
          </NavAnchor>
          <ChevronButton {...toggleProps} aria-label={entry.toggleLabel ?? entry.label}>
            <span aria-hidden="true">▾</span>
          </ChevronButton>
        </>
      ) : (
        <NavButton {...toggleProps} {...marks}>
          {entry.label}
          <span aria-hidden="true">▾</span>
        </NavButton>
      )}
      <MenuList {...menuProps} aria-label={entry.label}>
        {entry.items.map((item) => (
          <li key={item.to} role="none">
            <MenuLink role="menuitem" to={item.to} onClick={close}>
              {item.label}
            </MenuLink>
          </li>
        ))}
      </MenuList>
    </NavListItem>
  );
}

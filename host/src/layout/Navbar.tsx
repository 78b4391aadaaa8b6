import { useId, useState, type MouseEvent } from 'react';
import styled from 'styled-components';
import { hostMessages } from '../messages';
import { AccountArea } from './AccountArea';
import { GoLiveButton } from './GoLiveButton';
import { SecondaryHeaderButton } from './headerButtons';
import { Logo } from './Logo';
import { NAV_ENTRIES } from './navItems';
import { NavItem } from './NavItem';
import { SearchBox } from './SearchBox';
import type { ViewportLayout } from './useViewportLayout';

const Bar = styled.div`
  position: relative;
  display: flex;
  align-items: center;
  gap: 16px;
  max-width: ${({ theme }) => theme.layout.contentMaxWidth};
  height: ${({ theme }) => theme.layout.headerHeight};
  margin: 0 auto;
  padding: 0 16px;
`;

const Nav = styled.nav`
  flex: 1 1 auto;
  min-width: 0;

  &[hidden] {
    display: none;
  }

  &[data-layout='mobile'] {
    position: absolute;
    top: 100%;
    left: 0;
    right: 0;
    padding: 8px 16px;
    background: ${({ theme }) => theme.colors.navBackground};
  }
`;

const NavList = styled.ul`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: 2px;
  margin: 0;
  padding: 0;
  list-style: none;

  [data-layout='mobile'] > & {
    flex-direction: column;
    align-items: stretch;
  }
`;

const Tools = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  margin-left: auto;
`;

export interface NavbarProps {
  /** Nav index of the current route; its item is highlighted. Null highlights none. */
  activeNavIndex: number | null;
  layout: ViewportLayout;
}

/**
 * The top bar: logo, navigation, search, Go live and the account area. In the mobile layout
 * the navigation folds behind a menu button.
 */
export function Navbar({ activeNavIndex, layout }: NavbarProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const navId = useId();
  const mobile = layout === 'mobile';

  function closeAfterNavigating(event: MouseEvent<HTMLElement>) {
    // Following a link in the folded-out menu should fold it away again.
    if (event.target instanceof Element && event.target.closest('a')) setMenuOpen(false);
  }

  return (
    <Bar>
      <Logo />
      {mobile && (
        <SecondaryHeaderButton type="button" aria-expanded={menuOpen} aria-controls={navId} onClick={() => setMenuOpen(!menuOpen)}>
          {hostMessages.nav.openMenu}
        </SecondaryHeaderButton>
      )}
      <Nav id={navId} aria-label={hostMessages.nav.label} data-layout={layout} hidden={mobile && !menuOpen} onClick={closeAfterNavigating}>
        <NavList>
          {NAV_ENTRIES.map((entry) => (
            <NavItem key={entry.label} entry={entry} activeNavIndex={activeNavIndex} />
          ))}
        </NavList>
      </Nav>
      <Tools>
        <SearchBox />
        <GoLiveButton />
        <AccountArea />
      </Tools>
    </Bar>
  );
}

import { useId } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import styled, { css } from 'styled-components';
import { IconButton } from '@sports/shared';
import { samePath } from '@sports/shared/routePaths';
import { hostMessages } from '../messages';
import { preloadInfoPages } from '../pages/loadInfoPages';
import { isCurrentLink, LEFT_MENU_LINKS } from './leftMenuLinks';
import { useSidebarStatus } from './useSidebarStatus';

const text = hostMessages.leftMenu;

const Aside = styled.aside`
  flex: none;
  width: ${({ theme }) => theme.layout.sidebarWidth};
  padding: 12px 0;
  background: ${({ theme }) => theme.colors.surface};
  border-right: 1px solid ${({ theme }) => theme.colors.border};
  transition: width 0.2s ease;

  &[data-opened='false'] {
    width: 48px;
  }
`;

const ToggleButton = styled(IconButton)`
  display: flex;
  width: 36px;
  height: 36px;
  margin: 0 6px 8px auto;
  padding: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 15px;

  &:hover:not(:disabled) {
    background: ${({ theme }) => theme.colors.background};
  }
`;

const List = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;

  &[hidden] {
    display: none;
  }
`;

const itemLook = css`
  display: block;
  width: 100%;
  padding: 10px 24px;
  border: 0;
  border-left: 3px solid transparent;
  background: none;
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  text-align: left;
  text-decoration: none;
  cursor: pointer;

  &:hover {
    background: ${({ theme }) => theme.colors.background};
  }

  &[aria-current='page'] {
    border-left-color: ${({ theme }) => theme.colors.brandDark};
    color: ${({ theme }) => theme.colors.brandDark};
    font-weight: 600;
  }
`;

const ItemLink = styled(Link)`
  ${itemLook}
`;

const Divider = styled.li`
  margin: 8px 16px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

/** The side menu of the live and schedule pages; it can be collapsed and remembers that. */
export function LeftMenu() {
  const [pathname] = useLocation();
  const search = useSearch();
  const [opened, toggle] = useSidebarStatus();
  const listId = useId();

  return (
    <Aside aria-label={text.label} data-opened={opened ? 'true' : 'false'}>
      <ToggleButton aria-expanded={opened} aria-controls={listId} label={opened ? text.collapse : text.expand} icon={opened ? '«' : '»'} onClick={toggle} />
      <List id={listId} hidden={!opened}>
        {LEFT_MENU_LINKS.map((link) => (
          <li key={link.to}>
            <ItemLink to={link.to} aria-current={isCurrentLink(link, pathname, search) ? 'page' : undefined}>
              {link.label}
            </ItemLink>
          </li>
        ))}
        <Divider aria-hidden="true" />
        <li>
          <ItemLink to="/downLoad" aria-current={samePath(pathname, '/downLoad') ? 'page' : undefined}>
            {text.downloadApp}
          </ItemLink>
        </li>
        <li>
          <ItemLink to="/about" onPointerEnter={preloadInfoPages} onFocus={preloadInfoPages} onTouchStart={preloadInfoPages} aria-current={samePath(pathname, '/about') ? 'page' : undefined}>
            {text.about}
          </ItemLink>
        </li>
      </List>
    </Aside>
  );
}

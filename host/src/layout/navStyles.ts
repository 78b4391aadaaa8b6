import { Link } from 'wouter';
import styled, { css } from 'styled-components';
import { Button } from '@sports/shared';

/** Looks shared by every top-nav item: light text on the dark bar, the current page in brand red. */
const navItemLook = css`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  height: 40px;
  padding: 0 12px;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.small};
  background: transparent;
  color: ${({ theme }) => theme.colors.textInverse};
  font: inherit;
  text-decoration: none;
  white-space: nowrap;
  cursor: pointer;

  &:hover {
    background: rgba(255, 255, 255, 0.12);
  }

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.textInverse};
    outline-offset: 2px;
  }

  /* brandDark, not brand: white on brand red is just under 4.5:1. */
  &[data-active='true'] {
    background: ${({ theme }) => theme.colors.brandDark};
  }
`;

export const NavAnchor = styled(Link)`
  ${navItemLook}
`;

/* The kit's Button in the nav's look: doubled class, so it wins over the Button's own hover and ring. */
export const NavButton = styled(Button).attrs({ variant: 'ghost' as const })`
  && {
    ${navItemLook}
  }
`;

/* At least 24 × 24 px and beside the link, not over it (WCAG 2.2 target size). */
export const ChevronButton = styled(Button).attrs({ variant: 'ghost' as const })`
  && {
    ${navItemLook}
    min-width: 24px;
    min-height: 24px;
    padding: 0 4px;
  }
`;

export const NavListItem = styled.li`
  position: relative;
  display: flex;
  align-items: center;
  flex-wrap: wrap;
`;

export const MenuList = styled.ul`
  position: absolute;
  top: 100%;
  left: 0;
  z-index: ${({ theme }) => theme.zIndex.dropdown};
  min-width: 120px;
  margin: 0;
  padding: 6px 0;
  list-style: none;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.medium};
  box-shadow: 0 8px 24px rgba(0, 0, 0, 0.16);

  &[hidden] {
    display: none;
  }
`;

const menuItemLook = css`
  display: block;
  width: 100%;
  padding: 8px 16px;
  border: 0;
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  text-align: left;
  text-decoration: none;
  cursor: pointer;

  &:hover,
  &:focus-visible {
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.brandDark};
    outline: none;
  }
`;

export const MenuLink = styled(Link)`
  ${menuItemLook}
`;

export const MenuButton = styled(Button).attrs({ variant: 'ghost' as const })`
  && {
    ${menuItemLook}
  }
`;

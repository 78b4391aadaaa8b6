import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useFirstPaintHandover } from '../firstPaint/useFirstPaintHandover';
import { useDocumentTitle } from '../layout/useDocumentTitle';
import { useNavIndexSync } from '../layout/useNavIndexSync';
import { useShellWidthRedirect, type RedirectToOtherShell } from '../layout/useShellWidthRedirect';
import type { RouteDefinition } from '../routes/routeDefinition';
import { MobileHeader } from './MobileHeader';
import { MobileShellStyle } from './MobileShellStyle';
import { RemotePhoneRules } from './RemotePhoneRules';
import { MobileTabBar } from './MobileTabBar';
import { MOBILE_TAB_BAR_HEIGHT_PX } from './mobileShellMetrics';
import { isTabPage } from './mobileTabs';

const Root = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
  min-height: 100dvh;
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.text};
  font-family: ${({ theme }) => theme.font.family};
  font-size: ${({ theme }) => theme.font.body};
  line-height: 1.5;
  overflow-wrap: anywhere;
`;

/* The page: never wider than the screen, clear of the fixed tab bar and the side insets. */
const Main = styled.main`
  flex: 1;
  min-width: 0;
  width: 100%;
  box-sizing: border-box;
  padding: 12px calc(12px + env(safe-area-inset-right)) calc(${MOBILE_TAB_BAR_HEIGHT_PX + 12}px + env(safe-area-inset-bottom)) calc(12px + env(safe-area-inset-left));

  /* A page that takes the whole screen (a live room): no tab bar to clear, no side margins. */
  &[data-immersive='true'] {
    padding: 0 env(safe-area-inset-right) calc(12px + env(safe-area-inset-bottom)) env(safe-area-inset-left);
  }
`;

export interface MobileLayoutProps {
  route: RouteDefinition;
  children: ReactNode;
  /** Where a wider screen is sent (the same page on /web/); replaced in tests, since jsdom cannot navigate. */
  redirectToDesktopSite?: RedirectToOtherShell;
}

/**
 * The frame around every page on the mobile shell (/h5, mobile/README.md): the mobile header
 * (route title, back on pages that are not a tab's own), the page in one column, and the fixed
 * bottom tab bar, except on a page its manifest marks `immersiveOnPhone` (a live room), which takes
 * the whole screen. Its own chunk: the desktop site never loads it.
 */
export function MobileLayout({ route, children, redirectToDesktopSite }: MobileLayoutProps) {
  useFirstPaintHandover();
  useShellWidthRedirect('mobile', redirectToDesktopSite);
  useDocumentTitle(route.title);
  useNavIndexSync(route.navIndex);
  const immersive = route.immersiveOnPhone === true;
  return (
    <Root data-layout="h5">
      <MobileShellStyle />
      <RemotePhoneRules />
      <MobileHeader title={route.title} showBack={!isTabPage(route.path)} />
      <Main data-immersive={immersive}>{children}</Main>
      {!immersive && <MobileTabBar routePath={route.path} />}
    </Root>
  );
}

export default MobileLayout;

import type { MouseEvent } from 'react';
import { useAtomValue } from 'jotai';
import { Link } from 'wouter';
import styled from 'styled-components';
import { requireLogin, userInfoAtom } from '@sports/shared';
import { useHostServices } from '../app/hostServices';
import { mobileCopy } from './mobileCopy';
import { MIN_TOUCH_TARGET_PX, MOBILE_TAB_BAR_HEIGHT_PX } from './mobileShellMetrics';
import { MOBILE_TABS, tabCurrent } from './mobileTabs';

const Bar = styled.nav`
  position: fixed;
  left: 0;
  right: 0;
  bottom: 0;
  z-index: ${({ theme }) => theme.zIndex.header};
  background: ${({ theme }) => theme.colors.surface};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  padding: 0 env(safe-area-inset-right) env(safe-area-inset-bottom) env(safe-area-inset-left);
`;

const Tabs = styled.ul`
  display: flex;
  margin: 0;
  padding: 0;
  list-style: none;
  height: ${MOBILE_TAB_BAR_HEIGHT_PX}px;
`;

const Tab = styled.li`
  flex: 1;
  min-width: 0;
`;

const TabLink = styled(Link)`
  display: flex;
  align-items: center;
  justify-content: center;
  height: 100%;
  min-height: ${MIN_TOUCH_TARGET_PX}px;
  min-width: ${MIN_TOUCH_TARGET_PX}px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.body};
  text-decoration: none;
  -webkit-tap-highlight-color: transparent;

  &[aria-current] {
    color: ${({ theme }) => theme.colors.brand};
    font-weight: bold;
    box-shadow: inset 0 3px 0 ${({ theme }) => theme.colors.brand};
  }

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.brand};
    outline-offset: -2px;
  }
`;

export interface MobileTabBarProps {
  /** The route shown (its path without '/'): its tab is highlighted. */
  routePath: string;
}

/**
 * The fixed bottom tabs of the mobile shell: 首页 直播 比分 社区 我的. The tab of the page shown
 * is aria-current="page", the tab of its section (a live room under 直播) aria-current="true".
 * 我的 is a members' route, so a guest who opens it gets the login sheet (the route's login
 * prompt); tapped again on that page, it asks again.
 */
export function MobileTabBar({ routePath }: MobileTabBarProps) {
  const services = useHostServices();
  const userInfo = useAtomValue(userInfoAtom);

  const onMineAgain = (event: MouseEvent<HTMLAnchorElement>) => {
    if (userInfo) return;
    event.preventDefault();
    requireLogin(services);
  };

  return (
    <Bar aria-label={mobileCopy.tabBarLabel} data-testid="mobile-tab-bar">
      <Tabs>
        {MOBILE_TABS.map((tab) => {
          const current = tabCurrent(tab, routePath);
          return (
            <Tab key={tab.path}>
              <TabLink to={`/${tab.path}`} aria-current={current} onClick={tab.path === 'member' && current === 'page' ? onMineAgain : undefined}>
                {tab.label}
              </TabLink>
            </Tab>
          );
        })}
      </Tabs>
    </Bar>
  );
}

import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useFirstPaintHandover } from '../firstPaint/useFirstPaintHandover';
import { showsLeftMenu, type RouteDefinition } from '../routes/routeDefinition';
import { Footer } from './Footer';
import { LeftMenu } from './LeftMenu';
import { Navbar } from './Navbar';
import { useDocumentTitle } from './useDocumentTitle';
import { useHeaderHidden } from './useHeaderHidden';
import { useShellWidthRedirect, type RedirectToOtherShell } from './useShellWidthRedirect';
import { useNavIndexSync } from './useNavIndexSync';
import { useViewportLayout } from './useViewportLayout';

const Root = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.text};
  font-family: ${({ theme }) => theme.font.family};
  font-size: ${({ theme }) => theme.font.body};
`;

/* Slides away rather than unmounting, and comes back while anything in it has focus. */
const Header = styled.header`
  position: sticky;
  top: 0;
  z-index: ${({ theme }) => theme.zIndex.header};
  background: ${({ theme }) => theme.colors.navBackground};
  color: ${({ theme }) => theme.colors.textInverse};
  transition: transform 0.25s ease;

  &[data-hidden='true'] {
    transform: translateY(-100%);
  }

  &[data-hidden='true']:focus-within {
    transform: none;
  }

  @media (prefers-reduced-motion: reduce) {
    transition: none;
  }
`;

const Body = styled.div`
  display: flex;
  flex: 1;
  min-height: 0;
`;

const Main = styled.main`
  flex: 1;
  min-width: 0;
  width: 100%;
  max-width: ${({ theme }) => theme.layout.contentMaxWidth};
  margin: 0 auto;
  padding: ${({ theme }) => theme.space(4)};
`;

/**
 * A page followed by the footer starts a screen tall: the footer is first painted below the fold,
 * so the page's content arriving (widgets, lists) does not shift it on screen (desktop #/main's
 * layout shift was the footer moving down: Lighthouse CLS).
 */
const MainAboveFooter = styled(Main)`
  min-height: 100vh;
`;

export interface AppLayoutProps {
  route: RouteDefinition;
  children: ReactNode;
  /** Where phones are sent (the same page on /h5); replaced in tests, since jsdom cannot navigate. */
  redirectToMobileSite?: RedirectToOtherShell;
}

/**
 * The frame around every page (SPEC.md section 2, Layout): the top navbar, then the left menu
 * beside the page on live and schedule pages, or the page followed by the footer elsewhere.
 */
export function AppLayout({ route, children, redirectToMobileSite }: AppLayoutProps) {
  useFirstPaintHandover();
  const layout = useViewportLayout();
  const headerHidden = useHeaderHidden(route.hidesHeaderOnScroll === true);
  useShellWidthRedirect('desktop', redirectToMobileSite);
  useDocumentTitle(route.title);
  useNavIndexSync(route.navIndex);

  return (
    <Root data-layout={layout}>
      <Header data-hidden={headerHidden ? 'true' : 'false'}>
        <Navbar activeNavIndex={route.navIndex} layout={layout} />
      </Header>
      {showsLeftMenu(route) ? (
        <Body>
          <LeftMenu />
          <Main>{children}</Main>
        </Body>
      ) : (
        <>
          <MainAboveFooter>{children}</MainAboveFooter>
          <Footer />
        </>
      )}
    </Root>
  );
}

import type { ReactNode } from 'react';
import { useLoadedComponent } from '@sports/shared';
import { useLoginPromptOnArrival } from '../account/useLoginPromptOnArrival';
import { AppLayout } from '../layout/AppLayout';
import { hostPages } from '../pages/hostPages';
import { RemotePage } from '../remotes/RemotePage';
import type { RouteDefinition } from '../routes/routeDefinition';
import { shellOfPath } from '../siteShell';

/** The mobile shell's layout, its own chunk (main.js fetches it early on /h5; the desktop never does). */
const loadMobileLayout = () => import(/* webpackChunkName: "mobile-layout" */ '../mobile/MobileLayout');

/** The page in the mobile layout once its chunk is here (a state update, not Suspense: loadedComponent.ts says why). */
function MobileScreen({ route, children }: { route: RouteDefinition; children: ReactNode }) {
  const MobileLayout = useLoadedComponent(loadMobileLayout);
  return MobileLayout ? <MobileLayout route={route}>{children}</MobileLayout> : null;
}

/** The page's shell, from its address: /h5/ is the mobile site, /web/ the desktop one. */
const pageShell = shellOfPath(window.location.pathname);

/**
 * One route: the layout around the page of whoever owns it, the desktop AppLayout or, on /h5,
 * the MobileLayout. The layout (title, nav highlight, left menu or footer, header rule) comes from
 * the route's meta, so it is right before a remote's code arrives; so is the login prompt of a
 * route that requires login.
 */
export function RouteScreen({ route }: { route: RouteDefinition }) {
  useLoginPromptOnArrival(route.path, route.requiresLogin === true);
  const HostPage = route.owner === 'host' ? hostPages[route.path] : undefined;
  const page: ReactNode = route.owner === 'host' ? HostPage && <HostPage /> : <RemotePage remote={route.owner} path={route.path} />;
  if (pageShell === 'mobile') return <MobileScreen route={route}>{page}</MobileScreen>;
  return <AppLayout route={route}>{page}</AppLayout>;
}

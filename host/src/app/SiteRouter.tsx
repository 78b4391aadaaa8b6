import { Redirect, Route, Switch } from 'wouter';
import { useSiteRoutes } from '../routes/useSiteRoutes';
import { RouteScreen } from './RouteScreen';
import { UnclaimedPathScreen } from './UnclaimedPathScreen';

/**
 * The hash routes of the site: the host's own at once, every route of this visitor's releases
 * once the assignments are in (README.md in routes/). An address none of them matches is handled
 * by UnclaimedPathScreen: /404 only when the assignments say nobody claims it.
 */
export function SiteRouter() {
  const { status, routes, retry } = useSiteRoutes();
  return (
    <Switch>
      <Route path="/">
        <Redirect to="/main" replace />
      </Route>
      {routes.map((route) => (
        <Route key={route.path} path={`/${route.path}`}>
          <RouteScreen route={route} />
        </Route>
      ))}
      <Route path="*">
        <UnclaimedPathScreen status={status} retry={retry} />
      </Route>
    </Switch>
  );
}

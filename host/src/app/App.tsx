import { Provider as StoreProvider } from 'jotai';
import { HashRouter, Navigate, Route, Routes } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { theme, type RemoteContext } from '@sports/shared';
import { LoginModal } from '../account/LoginModal';
import { FeedbackHost } from '../feedback/FeedbackHost';
import { GoalAlerts } from '../goals/GoalAlerts';
import type { RemoteModuleLoader } from '../federation/remoteModuleLoader';
import { RemoteLoaderContext } from '../remotes/RemoteLoaderContext';
import { ROUTES } from '../routes/routeTable';
import { GlobalStyle } from './GlobalStyle';
import { HostServicesContext } from './hostServices';
import { RouteScreen } from './RouteScreen';

export interface AppProps {
  services: RemoteContext;
  loader: RemoteModuleLoader;
}

/** Providers, then the hash router over the route table; unknown routes go to /404. */
export function App({ services, loader }: AppProps) {
  return (
    <HostServicesContext.Provider value={services}>
      <RemoteLoaderContext.Provider value={loader}>
        <StoreProvider store={services.store}>
          <ThemeProvider theme={theme}>
            <GlobalStyle />
            <HashRouter>
              <Routes>
                <Route path="/" element={<Navigate to="/main" replace />} />
                {ROUTES.map((route) => (
                  <Route key={route.path} path={`/${route.path}`} element={<RouteScreen route={route} />} />
                ))}
                <Route path="*" element={<Navigate to="/404" replace />} />
              </Routes>
            </HashRouter>
            <FeedbackHost />
            <LoginModal />
            <GoalAlerts />
          </ThemeProvider>
        </StoreProvider>
      </RemoteLoaderContext.Provider>
    </HostServicesContext.Provider>
  );
}

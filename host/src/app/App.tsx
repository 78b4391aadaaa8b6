import { Provider as StoreProvider } from 'jotai';
import { Router } from 'wouter';
import { ThemeProvider } from 'styled-components';
import { theme, type RemoteContext } from '@sports/shared';
import { LoginModal } from '../account/LoginModal';
import { FeedbackHost } from '../feedback/FeedbackHost';
import { DevOverrideBannerSlot } from '../federation/DevOverrideBannerSlot';
import { GoalAlerts } from '../goals/GoalAlerts';
import { UnreadWatchSlot } from '../messages/UnreadWatchSlot';
import type { RemoteAssignments } from '../federation/remoteAssignments';
import type { RemoteModuleLoader } from '../federation/remoteModuleLoader';
import { RemoteAssignmentsContext } from '../remotes/RemoteAssignmentsContext';
import { RemoteLoaderContext } from '../remotes/RemoteLoaderContext';
import { GlobalStyle } from './GlobalStyle';
import { HostServicesContext } from './hostServices';
import { SiteRouter } from './SiteRouter';
import { useSiteHashLocation } from '../routes/hashLocation';

export interface AppProps {
  services: RemoteContext;
  /** The visitor's releases, their routes and widgets (the router and home page are built from them). */
  assignments: RemoteAssignments;
  loader: RemoteModuleLoader;
}

/** Providers, then the hash router over the host's routes and those of the visitor's releases. */
export function App({ services, assignments, loader }: AppProps) {
  return (
    <HostServicesContext.Provider value={services}>
      <RemoteAssignmentsContext.Provider value={assignments}>
        <RemoteLoaderContext.Provider value={loader}>
          <StoreProvider store={services.store}>
            <ThemeProvider theme={theme}>
              <GlobalStyle />
              <Router hook={useSiteHashLocation}>
                <SiteRouter />
              </Router>
              <FeedbackHost />
              <LoginModal />
              <GoalAlerts />
              <UnreadWatchSlot />
              <DevOverrideBannerSlot />
            </ThemeProvider>
          </StoreProvider>
        </RemoteLoaderContext.Provider>
      </RemoteAssignmentsContext.Provider>
    </HostServicesContext.Provider>
  );
}

import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { Provider as JotaiProvider } from 'jotai';
import { Router } from 'wouter';
import { useSiteHashLocation } from '../../routes/hashLocation';
import { ThemeProvider } from 'styled-components';
import { vi } from 'vitest';
import {
  createEventBus,
  createSportsStore,
  theme,
  userInfoAtom,
  type NavigateOptions,
  type RemoteContext,
  type UserInfo,
} from '@sports/shared';
import { HostServicesContext } from '../../app/hostServices';
import { RemoteAssignments } from '../../federation/remoteAssignments';
import type { RemoteModuleLoader } from '../../federation/remoteModuleLoader';
import { RemoteAssignmentsContext } from '../../remotes/RemoteAssignmentsContext';
import { RemoteLoaderContext } from '../../remotes/RemoteLoaderContext';
import { createFakeApi, type FakeApiAnswers } from './fakeApi';

export interface HostTestOptions {
  /** Hash route the page starts on, e.g. '/anchor?type=1'. */
  path?: string;
  userInfo?: UserInfo | null;
  /** Canned API answers; `api/mf/remotes` is what the page's RemoteAssignments gets. */
  answers?: FakeApiAnswers;
  /** Stands in for the Module Federation loader (RemoteArea.test.tsx's scripted loaders). */
  loader?: RemoteModuleLoader;
}

export const TEST_USER: UserInfo = {
  user_nickname: '球迷小王',
  avatar: 'https://example.test/avatar.png',
  exp: 12,
  balance: 3500,
  is_anchor: 0,
};

/**
 * Real store and event bus from @sports/shared, a fake API client, a spy for navigate, and the
 * page's RemoteAssignments over that fake client (the control plane answers `api/mf/remotes`).
 */
export function createTestServices(options: HostTestOptions = {}) {
  const store = createSportsStore();
  const eventBus = createEventBus();
  const { api, get, post, envelope } = createFakeApi(options.answers);
  const navigate = vi.fn((_to: string, _options?: NavigateOptions) => undefined);
  if (options.userInfo) store.set(userInfoAtom, options.userInfo);
  const services: RemoteContext = { store, eventBus, api, navigate };
  const assignments = new RemoteAssignments(api, () => '');
  return { services, store, eventBus, api, get, post, envelope, navigate, assignments };
}

export type TestServices = ReturnType<typeof createTestServices>;

export interface HostTestProvidersProps {
  services: RemoteContext;
  assignments?: RemoteAssignments;
  loader?: RemoteModuleLoader;
  children: ReactNode;
}

export function HostTestProviders({ services, assignments, loader, children }: HostTestProvidersProps) {
  return (
    <HostServicesContext.Provider value={services}>
      <RemoteAssignmentsContext.Provider value={assignments ?? null}>
        <RemoteLoaderContext.Provider value={loader ?? null}>
          <JotaiProvider store={services.store}>
            <ThemeProvider theme={theme}>
              <Router hook={useSiteHashLocation}>{children}</Router>
            </ThemeProvider>
          </JotaiProvider>
        </RemoteLoaderContext.Provider>
      </RemoteAssignmentsContext.Provider>
    </HostServicesContext.Provider>
  );
}

/** Renders `ui` inside everything the app wraps pages in; the hash router starts at options.path. */
export function renderWithHost(ui: ReactElement, options: HostTestOptions = {}) {
  const testServices = createTestServices(options);
  window.location.hash = `#${options.path ?? '/main'}`;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <HostTestProviders services={testServices.services} assignments={testServices.assignments} loader={options.loader}>
      {children}
    </HostTestProviders>
  );
  return { ...render(ui, { wrapper }), ...testServices };
}

import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { Provider as JotaiProvider } from 'jotai';
import { HashRouter } from 'react-router-dom';
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
import { createFakeApi, type FakeApiAnswers } from './fakeApi';

export interface HostTestOptions {
  /** Hash route the page starts on, e.g. '/anchor?type=1'. */
  path?: string;
  userInfo?: UserInfo | null;
  answers?: FakeApiAnswers;
}

export const TEST_USER: UserInfo = {
  user_nickname: '球迷小王',
  avatar: 'https://example.test/avatar.png',
  exp: 12,
  balance: 3500,
  is_anchor: 0,
};

/** Real store and event bus from @sports/shared, a fake API client and a spy for navigate. */
export function createTestServices(options: HostTestOptions = {}) {
  const store = createSportsStore();
  const eventBus = createEventBus();
  const { api, get, post } = createFakeApi(options.answers);
  const navigate = vi.fn((_to: string, _options?: NavigateOptions) => undefined);
  if (options.userInfo) store.set(userInfoAtom, options.userInfo);
  const services: RemoteContext = { store, eventBus, api, navigate };
  return { services, store, eventBus, api, get, post, navigate };
}

export type TestServices = ReturnType<typeof createTestServices>;

export function HostTestProviders({ services, children }: { services: RemoteContext; children: ReactNode }) {
  return (
    <HostServicesContext.Provider value={services}>
      <JotaiProvider store={services.store}>
        <ThemeProvider theme={theme}>
          <HashRouter>{children}</HashRouter>
        </ThemeProvider>
      </JotaiProvider>
    </HostServicesContext.Provider>
  );
}

/** Renders `ui` inside everything the app wraps pages in; the hash router starts at options.path. */
export function renderWithHost(ui: ReactElement, options: HostTestOptions = {}) {
  const testServices = createTestServices(options);
  window.location.hash = `#${options.path ?? '/main'}`;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <HostTestProviders services={testServices.services}>{children}</HostTestProviders>
  );
  return { ...render(ui, { wrapper }), ...testServices };
}

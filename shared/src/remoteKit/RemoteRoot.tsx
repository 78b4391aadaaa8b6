import { Provider } from 'jotai';
import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import type { RemoteContext } from '../contract/remoteContract';
import { theme } from '../theme/theme';

/**
 * What a remote's own React root needs around it (a parcel is a separate root, so the host's
 * providers do not reach it): the page's one jotai store and the shared theme.
 */
export function RemoteRoot({ context, children }: { context: RemoteContext; children: ReactNode }) {
  return (
    <Provider store={context.store}>
      <ThemeProvider theme={theme}>{children}</ThemeProvider>
    </Provider>
  );
}

import type { ReactNode } from 'react';
import { PageLoading, type RemoteName } from '@sports/shared';
import type { ExposedModule } from '../federation/remoteModuleLoader';
import { reportRemoteTelemetry } from '../federation/reportRemoteTelemetry';
import { RemoteFallback } from './RemoteFallback';
import { RenderErrorBoundary } from './RenderErrorBoundary';
import { useRemoteModule } from './useRemoteModule';

export interface RemoteAreaProps<Module> {
  remote: RemoteName;
  exposed: ExposedModule;
  /** What the area shows once the module is loaded. */
  children: (module: Module) => ReactNode;
}

/**
 * One remote's part of the page: loads the exposed module, renders it inside its own error
 * boundary, and on a load or render failure shows the contained fallback whose retry starts
 * the remote over. Render failures are reported like load failures.
 */
export function RemoteArea<Module>({ remote, exposed, children }: RemoteAreaProps<Module>) {
  const { state, retry, attempt, version } = useRemoteModule<Module>(remote, exposed);
  const fallback = <RemoteFallback remote={remote} onRetry={retry} />;

  if (state.status === 'loading') return <PageLoading />;
  if (state.status === 'failed') return fallback;
  const reportRenderError = (error: Error) =>
    reportRemoteTelemetry({ remote, version, phase: 'render', message: error.message, route: window.location.hash.slice(0, 200) });
  return (
    <RenderErrorBoundary key={attempt} fallback={fallback} onError={reportRenderError}>
      {children(state.module)}
    </RenderErrorBoundary>
  );
}

import { startTransition, useCallback, useEffect, useState } from 'react';
import type { RemoteName } from '@sports/shared';
import type { ExposedModule } from '../federation/remoteModuleLoader';
import { useRemoteLoader } from './RemoteLoaderContext';

export type RemoteModuleState<Module> =
  | { status: 'loading' }
  | { status: 'ready'; module: Module }
  | { status: 'failed'; error: Error };

/**
 * Loads `<remote>/<exposed>` and exposes a `retry` that makes the loader start over from the
 * remote's manifest. `attempt` changes on every retry, so boundaries below can reset.
 */
export function useRemoteModule<Module>(remote: RemoteName, exposed: ExposedModule) {
  const loader = useRemoteLoader();
  const [state, setState] = useState<RemoteModuleState<Module>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    loader
      .load<Module>(remote, exposed)
      // A transition: the remote's part renders in slices, not one long task (issue 17: blocking time).
      .then((module) => current && startTransition(() => setState({ status: 'ready', module })))
      .catch((error: unknown) => current && setState({ status: 'failed', error: error instanceof Error ? error : new Error(String(error)) }));
    return () => {
      current = false;
    };
  }, [loader, remote, exposed, attempt]);

  const retry = useCallback(async () => {
    await loader.retry(remote);
    setAttempt((previous) => previous + 1);
  }, [loader, remote]);

  return { state, retry, attempt, version: loader.versionOf(remote) };
}

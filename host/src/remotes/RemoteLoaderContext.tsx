import { createContext, useContext } from 'react';
import type { RemoteModuleLoader } from '../federation/remoteModuleLoader';

export const RemoteLoaderContext = createContext<RemoteModuleLoader | null>(null);

export function useRemoteLoader(): RemoteModuleLoader {
  const loader = useContext(RemoteLoaderContext);
  if (!loader) throw new Error('useRemoteLoader must be used inside <RemoteLoaderContext.Provider>');
  return loader;
}

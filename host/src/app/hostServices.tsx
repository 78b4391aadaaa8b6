import { createContext, useContext } from 'react';
import type { RemoteContext } from '@sports/shared';

/**
 * The page's services, made once in bootstrap: the same objects every remote receives as its
 * RemoteContext (store, event bus, API client, navigate).
 */
export const HostServicesContext = createContext<RemoteContext | null>(null);

export function useHostServices(): RemoteContext {
  const services = useContext(HostServicesContext);
  if (!services) throw new Error('useHostServices must be used inside <HostServicesContext.Provider>');
  return services;
}

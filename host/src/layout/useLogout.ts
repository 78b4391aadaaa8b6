import { useCallback } from 'react';
import { clearSavedSession } from '@sports/shared';
import { useHostServices } from '../app/hostServices';
import { signOutQuietly } from '../feedback/signOut';

/** Log out from the user menu: tell the server, forget the user locally, announce it, go home. */
export function useLogout(): () => Promise<void> {
  const services = useHostServices();
  return useCallback(async () => {
    await signOutQuietly(services.api);
    clearSavedSession(services.store);
    services.eventBus.emit('session:cleared', { reason: 'logout' });
    services.navigate('/main');
  }, [services]);
}

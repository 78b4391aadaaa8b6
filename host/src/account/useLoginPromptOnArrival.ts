import { useEffect } from 'react';
import { requireLogin } from '@sports/shared';
import { useHostServices } from '../app/hostServices';

/**
 * A route whose manifest says `requiresLogin`: a guest who arrives gets 请登录后操作 and the login
 * modal, through the one guard remotes use (@sports/shared requireLogin), as soon as the route is
 * known, before the remote's code arrives, and whether or not the page asks itself. A member
 * passes silently. Asked on arrival (each path), not again when a member logs out on the page
 * (the log-out sends them home).
 *
 * The remote's page may ask too (useMemberOnly does, once it mounts): the second prompt adds
 * nothing, since a please-log-in toast is not shown again while the login modal is open
 * (feedback/ToastHost.tsx) and the open modal ignores being asked again for the same mode
 * (account/LoginModal.tsx), so what the visitor started typing is kept.
 */
export function useLoginPromptOnArrival(path: string, requiresLogin: boolean): void {
  const services = useHostServices();
  useEffect(() => {
    if (requiresLogin) requireLogin(services);
  }, [path, requiresLogin, services]);
}

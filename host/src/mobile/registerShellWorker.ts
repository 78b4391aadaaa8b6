import { shellOfPath } from '../siteShell';

/** The mobile shell's service worker (server/src/site/mobileShell/): it caches the shell so /h5/ opens offline. */
export const SHELL_WORKER_URL = '/h5/sw.js';
export const SHELL_WORKER_SCOPE = '/h5/';

/** What registration needs of the browser (navigator.serviceWorker), injectable in tests. */
export interface ServiceWorkerHost {
  register(url: string, options: RegistrationOptions): Promise<unknown>;
}

export interface ShellWorkerPage {
  pathname: string;
  /** Undefined where the browser has none (plain http on another host than localhost, old browsers). */
  serviceWorker: ServiceWorkerHost | undefined;
}

function currentPage(): ShellWorkerPage {
  return { pathname: window.location.pathname, serviceWorker: 'serviceWorker' in navigator ? navigator.serviceWorker : undefined };
}

/**
 * Registers the shell's service worker, on the mobile shell only: the desktop site never gets one.
 * Resolves whether it was registered; a browser without service workers, or a refusal, leaves the
 * site working online as before.
 */
export async function registerShellWorker(page: ShellWorkerPage = currentPage()): Promise<boolean> {
  if (shellOfPath(page.pathname) !== 'mobile' || !page.serviceWorker) return false;
  try {
    await page.serviceWorker.register(SHELL_WORKER_URL, { scope: SHELL_WORKER_SCOPE });
    return true;
  } catch {
    return false;
  }
}

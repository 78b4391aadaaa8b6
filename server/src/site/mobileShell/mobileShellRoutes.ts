import fs from 'node:fs/promises';
import { NO_CACHE } from '../../infra/http/cachePolicy';
import { SERVICE_WORKER_POLICY } from '../../infra/http/contentSecurityPolicy';
import type { App } from '../../infra/http/types';
import { APP_ICONS_PATH, AppIcons } from './appIcons';
import { SHELL_WORKER_PATH, SHELL_WORKER_SCOPE, SHELL_WORKER_TEMPLATE_PATH, shellWorkerConfig, shellWorkerSource } from './shellServiceWorker';
import { WEB_APP_MANIFEST_PATH, webAppManifest } from './webAppManifest';

export interface MobileShellRoutesOptions {
  /** host/dist: the scripts the service worker caches. */
  hostDist: string;
}

/** An icon file name as the manifest writes it: nothing else reaches the icon table. */
const ICON_FILE = /^[a-z0-9-]{1,40}\.png$/;

/**
 * What the mobile site adds around its page (`/h5/`, staticSite.ts): the web app manifest, its
 * icons and the service worker that keeps the shell for offline. None is per visitor; all are
 * revalidated (no-cache), so a new build or theme reaches installed sites.
 */
export async function mobileShellRoutes(app: App, options: MobileShellRoutesOptions): Promise<void> {
  const manifest = `${JSON.stringify(webAppManifest(), null, 2)}\n`;
  const icons = new AppIcons();
  const workerTemplate = await fs.readFile(SHELL_WORKER_TEMPLATE_PATH, 'utf8');

  app.get(WEB_APP_MANIFEST_PATH, (_request, reply) => reply.header('Cache-Control', NO_CACHE).type('application/manifest+json; charset=utf-8').send(manifest));

  app.get<{ Params: { file: string } }>(`${APP_ICONS_PATH}:file`, (request, reply) => {
    const png = ICON_FILE.test(request.params.file) ? icons.png(request.params.file) : null;
    if (!png) return reply.callNotFound();
    return reply.header('Cache-Control', NO_CACHE).type('image/png').send(png);
  });

  // Registered by the host on /h5 only (host/src/mobile/registerShellWorker.ts). Its own
  // policy (a worker runs under its script's), never cached by HTTP (browsers check it for
  // updates at least daily anyway), allowed the /h5/ scope explicitly.
  app.get(SHELL_WORKER_PATH, async (_request, reply) => {
    const config = await shellWorkerConfig(options.hostDist, workerTemplate);
    reply.header('Cache-Control', NO_CACHE).header('Service-Worker-Allowed', SHELL_WORKER_SCOPE).header('Content-Security-Policy', SERVICE_WORKER_POLICY).type('text/javascript; charset=utf-8');
    // Not built: no worker (registration fails, the site works online as before).
    if (!config) return reply.status(503).send('// the site is not built\n');
    return reply.send(shellWorkerSource(config, workerTemplate));
  });
}

import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { ChatConfig } from '../chat/index';
import type { Database } from '../infra/db/schema';
import type { App } from '../infra/http/types';
import { healthPlugin } from './health';
import { publicFilesPlugin } from './publicFiles';
import { type StaticSiteOptions, staticSitePlugin } from './staticSite';
import { universalRoutes } from './universal/routes';
import { type DownloadConfig, defaultDownloadConfig } from './download/downloadConfig';
import { downloadRoutes } from './download/downloadRoutes';

export interface SitePluginOptions extends Omit<StaticSiteOptions, 'pageAssignments'> {
  db: Kysely<Database>;
  /** The chat's configuration, for the `im` part of `api/universal/getHot`. */
  chat?: ChatConfig;
  /** The download page: h5 address and store links (SITE_H5_URL, APP_IOS_URL, APP_ANDROID_URL); default download/downloadConfig.ts. */
  download?: DownloadConfig;
}

/**
 * The site domain: the built pages (`/web/`, `/h5`), preset avatars and uploaded files, the
 * configuration the page starts with (`api/universal/getHot`) and `/healthz`. The host page
 * inlines what the visitor loads (`app.mfPageAssignments`, the rollouts').
 */
async function site(app: App, options: SitePluginOptions): Promise<void> {
  await app.register(healthPlugin, { db: options.db });
  await app.register(staticSitePlugin, { siteRoot: options.siteRoot, releasesDir: options.releasesDir, serveSourceMaps: options.serveSourceMaps, precompressed: options.precompressed, pageAssignments: app.mfPageAssignments });
  const download = options.download ?? defaultDownloadConfig();
  await app.register(universalRoutes, { chat: options.chat, download });
  await app.register(downloadRoutes, { config: download });
  await app.register(publicFilesPlugin, { uploadsDir: app.accounts.uploadsDir });
}

export const sitePlugin = fp(site, { name: 'site', dependencies: ['accounts', 'rollouts'], decorators: { fastify: ['accounts', 'mfPageAssignments'] } });

import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { REMOTE_PACKAGE_FOLDER } from '@sports/shared/server';
import type { FastifyReply } from 'fastify';
import { SERVER_DIR } from '../config';
import type { App } from '../http/types';
import { IMMUTABLE, NO_CACHE, cacheControlFor } from './cachePolicy';
import { notBuiltPage } from './notBuiltPage';

export interface StaticSiteOptions {
  /** Holds host/dist and mf-* /dist. */
  siteRoot: string;
  /** The embedded release store (DATA_DIR/releases), served under /web/releases/. */
  releasesDir?: string;
}

export const H5_PAGE_PATH = path.join(SERVER_DIR, 'static', 'h5', 'index.html');

/**
 * One process serves the whole site: `/web/` is the host, `/web/remotes/<folder>/` each remote.
 * Remote files are fetched cross-origin by the Module Federation runtime, hence CORS on them.
 */
export async function staticSitePlugin(app: App, options: StaticSiteOptions): Promise<void> {
  const hostDist = path.join(options.siteRoot, 'host', 'dist');

  app.get('/', (_request, reply) => reply.redirect('/web/'));
  app.get('/web', (_request, reply) => reply.redirect('/web/'));

  for (const folder of Object.values(REMOTE_PACKAGE_FOLDER)) {
    const root = path.join(options.siteRoot, folder, 'dist');
    if (!existsSync(root)) app.log.warn(`${folder} is not built (${root} is missing): /web/remotes/${folder}/ answers 404`);
    await app.register(fastifyStatic, {
      root,
      prefix: `/web/remotes/${folder}/`,
      decorateReply: false,
      suppressWarning: true,
      index: false,
      // Our own Cache-Control below replaces the plugin's default max-age=0.
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header('Cache-Control', cacheControlFor(filePath));
        reply.header('Access-Control-Allow-Origin', '*');
      },
    });
  }

  if (options.releasesDir) {
    // A release folder never changes (its id is its content hash): every file is immutable.
    await fs.mkdir(options.releasesDir, { recursive: true });
    await app.register(fastifyStatic, {
      root: options.releasesDir,
      prefix: '/web/releases/',
      decorateReply: false,
      suppressWarning: true,
      index: false,
      cacheControl: false,
      setHeaders: (reply) => {
        reply.header('Cache-Control', IMMUTABLE);
        reply.header('Access-Control-Allow-Origin', '*');
      },
    });
  }

  // The host's files. `/web/` itself is the route below, so it can explain an unbuilt site.
  await app.register(fastifyStatic, {
    root: hostDist,
    prefix: '/web/',
    decorateReply: false,
    suppressWarning: true,
    index: false,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      reply.header('Cache-Control', cacheControlFor(filePath));
    },
  });

  app.get('/web/', async (_request, reply) => {
    const indexFile = path.join(hostDist, 'index.html');
    // Checked per request: building the site while the server runs needs no restart.
    if (!existsSync(indexFile)) return sendHtml(reply, 503, notBuiltPage());
    return sendHtml(reply, 200, await fs.readFile(indexFile, 'utf8'));
  });

  const h5Page = await fs.readFile(H5_PAGE_PATH, 'utf8');
  app.get('/h5', (_request, reply) => sendHtml(reply, 200, h5Page));
  app.get('/h5/', (_request, reply) => sendHtml(reply, 200, h5Page));
}

function sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply.status(status).header('Cache-Control', NO_CACHE).type('text/html; charset=utf-8').send(html);
}

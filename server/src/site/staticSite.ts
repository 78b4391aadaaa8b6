import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../infra/http/types';
import { mobileShellRoutes } from './mobileShell/mobileShellRoutes';
import { asMobileShellPage } from './mobileShell/mobileShellPage';
import { hostBootPreloadTags, type HostShell } from './hostBootPreloads';
import { beforeHeadEnd } from './htmlHead';
import { IMMUTABLE, NO_CACHE, cacheControlFor } from '../infra/http/cachePolicy';
import type { PageAssignments } from '../rollouts';
import { notBuiltPage } from './notBuiltPage';
import { servedReleaseManifests, type ReleaseManifestReader, type ServedRelease } from './servedReleaseManifests';
import { withVisitorAssignments } from './visitorPage';
import { allowInlineScriptsOf, inlineScriptPolicyHook } from './firstPaint/inlineScriptPolicy';

export interface StaticSiteOptions {
  /** Holds host/dist. */
  siteRoot: string;
  /** The embedded release store (DATA_DIR/releases), served under /web/releases/. */
  releasesDir?: string;
  /**
   * Serve the builds' *.map files (development). Off in production: the maps stay on disk and
   * in every release for error reports, but visitors never get the sources.
   */
  serveSourceMaps?: boolean;
  /**
   * Send a script's build-time `<script>.br` where the browser takes br (default). Off with
   * HTTP_COMPRESSION=0 (a CDN or proxy in front compresses), like on-the-fly compression.
   */
  precompressed?: boolean;
  /**
   * What the visitor of a `/web/` request loads (the rollout control plane's answer): inlined
   * in the page with preloads of the releases' manifests. Without it the page is the file as built.
   */
  pageAssignments?: PageAssignments;
}

/**
 * The host page with a visitor's assignments differs per visitor (canary bucket, QA override,
 * session): never stored by a shared cache, and revalidated by the browser.
 */
export const VISITOR_PAGE_CACHE_CONTROL = 'private, no-cache';

const SOURCE_MAP = /\.map$/i;

/**
 * One process serves the whole site: `/web/` is the host, `/web/releases/<folder>/<release>/`
 * the remotes' registered releases, `/h5/` the mobile site: the same host page as its second
 * shell (host/src/mobile/README.md), with its manifest, icons and service worker.
 */
export async function staticSitePlugin(app: App, options: StaticSiteOptions): Promise<void> {
  const hostDist = path.join(options.siteRoot, 'host', 'dist');
  // The assigned releases' manifests go inline in the host page (visitorPage.ts) when they are ours to read.
  const readManifest: ReleaseManifestReader = options.releasesDir ? servedReleaseManifests(options.releasesDir) : async () => null;

  app.get('/', (_request, reply) => reply.redirect('/web/'));
  app.get('/web', (_request, reply) => reply.redirect('/web/'));

  if (options.releasesDir) {
    // Remotes are served only as releases the control plane registered (sealed folders). A
    // release never changes (its id is its content hash): every file is immutable. The Module
    // Federation runtime fetches them cross-origin, hence CORS.
    await fs.mkdir(options.releasesDir, { recursive: true });
    await serveFolder(app, options.releasesDir, '/web/releases/', () => ({ 'Cache-Control': IMMUTABLE, 'Access-Control-Allow-Origin': '*' }), options.serveSourceMaps === true, options.precompressed !== false);
  }

  // The host's files. `/web/` itself is the route below, so it can explain an unbuilt site.
  await serveFolder(app, hostDist, '/web/', (filePath) => ({ 'Cache-Control': cacheControlFor(filePath) }), options.serveSourceMaps === true, options.precompressed !== false);

  // The host page's inline script (its first paint's route, host/src/index.html) runs by its hash.
  app.addHook('onSend', inlineScriptPolicyHook);
  // The host page with the visitor's assignments: as built on /web/, as the mobile shell on /h5/
  // (same scripts, same assignments, so canaries and QA overrides apply on both).
  app.get('/web/', (request, reply) => sendHostPage(request, reply, hostDist, options.pageAssignments, readManifest, 'desktop'));
  app.get('/h5', (_request, reply) => reply.redirect('/h5/'));
  app.get('/h5/', (request, reply) => sendHostPage(request, reply, hostDist, options.pageAssignments, readManifest, 'mobile'));
  await app.register(mobileShellRoutes, { hostDist });
}

/**
 * The host's built index.html for `shell` (the mobile shell's head: mobileShellPage.ts), with
 * preloads of the scripts it starts with (hostBootPreloads.ts) and the visitor's assignments
 * inlined (when the site has them), with their releases' manifests.
 */
async function sendHostPage(request: FastifyRequest, reply: FastifyReply, hostDist: string, pageAssignments: PageAssignments | undefined, readManifest: ReleaseManifestReader, shell: HostShell): Promise<FastifyReply> {
  const indexFile = path.join(hostDist, 'index.html');
  // Checked per request: building the site while the server runs needs no restart.
  if (!existsSync(indexFile)) return sendHtml(reply, 503, notBuiltPage());
  const built = await fs.readFile(indexFile, 'utf8');
  const html = beforeHeadEnd(shell === 'mobile' ? asMobileShellPage(built) : built, await hostBootPreloadTags(hostDist, shell));
  if (!pageAssignments) return sendHtml(reply, 200, html);
  let remotes;
  try {
    remotes = await pageAssignments(request, reply);
  } catch (error) {
    // The page still works without: the host asks GET /api/mf/remotes itself.
    request.log.warn({ err: error }, 'the page went out without the visitor\'s assignments');
    return sendHtml(reply, 200, html);
  }
  const manifests = new Map<string, ServedRelease>();
  for (const remote of remotes) {
    const release = await readManifest(remote.manifestUrl);
    if (release !== null) manifests.set(remote.manifestUrl, release);
  }
  return sendHtml(reply.header('Vary', 'Cookie'), 200, withVisitorAssignments(html, remotes, manifests), VISITOR_PAGE_CACHE_CONTROL);
}

/** Files below `root` at `prefix`, with our own headers (the plugin's max-age=0 is turned off). */
async function serveFolder(app: App, root: string, prefix: string, headersFor: (filePath: string) => Record<string, string>, serveSourceMaps: boolean, precompressed: boolean): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    prefix,
    // A refused path is answered like a missing file (404 envelope).
    allowedPath: (pathName) => serveSourceMaps || !SOURCE_MAP.test(pathName),
    decorateReply: false,
    suppressWarning: true,
    index: false,
    cacheControl: false,
    // The builds write `<script>.br` (brotli 11) beside each script: sent where the browser takes
    // br, else the file itself, compressed on the fly by @fastify/compress (issue 16).
    preCompressed: precompressed,
    setHeaders: (reply, filePath) => {
      for (const [name, value] of Object.entries(headersFor(filePath))) reply.header(name, value);
    },
  });
}

function sendHtml(reply: FastifyReply, status: number, html: string, cacheControl = NO_CACHE): FastifyReply {
  allowInlineScriptsOf(reply, html);
  return reply.status(status).header('Cache-Control', cacheControl).type('text/html; charset=utf-8').send(html);
}

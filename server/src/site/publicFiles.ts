import fs from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import { SERVER_DIR } from '../infra/config/serverPaths';
import type { App } from '../infra/http/types';
import { UPLOADS_URL_PREFIX } from '../infra/storage/uploadStore';
import { AVATAR_URL_PREFIX } from '../accounts/index';

export const AVATARS_DIR = path.join(SERVER_DIR, 'static', 'avatars');

export interface PublicFilesOptions {
  /** The local upload store's folder (DATA_DIR/uploads). */
  uploadsDir: string;
}

/**
 * Preset avatars at /static/avatars/ and uploaded files at /uploads/. Upload names are random
 * and never reused (cached as immutable); nosniff and a CSP that allows nothing keep a file
 * from ever running as a page.
 */
export async function publicFilesPlugin(app: App, options: PublicFilesOptions): Promise<void> {
  await fs.mkdir(options.uploadsDir, { recursive: true });
  const harden = (reply: FastifyReply, cacheControl: string) => {
    reply.header('Cache-Control', cacheControl);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  };
  await app.register(fastifyStatic, {
    root: AVATARS_DIR,
    prefix: AVATAR_URL_PREFIX,
    decorateReply: false,
    index: false,
    cacheControl: false,
    setHeaders: (reply) => harden(reply, 'public, max-age=86400'),
  });
  await app.register(fastifyStatic, {
    root: options.uploadsDir,
    prefix: UPLOADS_URL_PREFIX,
    decorateReply: false,
    index: false,
    cacheControl: false,
    dotfiles: 'deny',
    setHeaders: (reply) => harden(reply, 'public, max-age=31536000, immutable'),
  });
}

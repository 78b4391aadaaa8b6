import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../infra/db/schema';
import type { App } from '../infra/http/types';
import { uploadRoutes } from './routes';

/**
 * The uploads domain: `POST api/upload` (a file sent with a token from `api/Member/getQiniuToken`)
 * into the accounts' upload store; `/uploads/` serves the files (site/publicFiles.ts).
 */
async function uploads(app: App, options: { db: Kysely<Database> }): Promise<void> {
  await app.register(uploadRoutes, { db: options.db, services: app.accounts });
}

export const uploadsPlugin = fp(uploads, { name: 'uploads', dependencies: ['accounts'], decorators: { fastify: ['accounts'] } });

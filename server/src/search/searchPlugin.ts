import fp from 'fastify-plugin';
import type { App } from '../infra/http/types';
import { type SearchRoutesOptions, searchRoutes } from './searchRoutes';

/** The search domain: `api/Search/*`, reading the other domains through their index.ts. */
async function search(app: App, options: SearchRoutesOptions): Promise<void> {
  await app.register(searchRoutes, options);
}

export const searchPlugin = fp(search, { name: 'search', dependencies: ['moderation'], decorators: { fastify: ['moderation'] } });

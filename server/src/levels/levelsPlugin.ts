import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../infra/db/schema';
import type { App } from '../infra/http/types';
import { Experience } from './experience';
import { type LevelsConfig, defaultLevelsConfig } from './levelsConfig';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where members earn exp (minutes watched, chat messages; coins spent with the wallet). */
    experience: Experience;
  }
}

export interface LevelsPluginOptions {
  db: Kysely<Database>;
  config?: LevelsConfig;
}

/**
 * The levels domain: members' exp and what earns it, capped per day (config LEVEL_*). The level
 * itself is read from the exp total by @sports/shared's levelOf, wherever a profile is shown. No
 * routes of its own: the chat reports messages and minutes watched to `app.experience`.
 */
async function levels(app: App, options: LevelsPluginOptions): Promise<void> {
  app.decorate('experience', new Experience(options.db, options.config ?? defaultLevelsConfig()));
}

export const levelsPlugin = fp(levels, { name: 'levels' });

import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { banUser, unbanUser } from '../accounts/index';
import type { Database } from '../infra/db/schema';
import { errors } from '../infra/http/errorCatalogue';
import type { App } from '../infra/http/types';
import { emitCommitted, opsMute } from '../live/index';
import { moderationMemberRoutes, moderationOpsRoutes } from './moderationRoutes';
import { loadWords, wordListVersion } from './wordList';
import { DEFAULT_SENSITIVE_WORDS } from './defaultWords';
import type { ModerationPort, ModerationSanctions, ModerationTargetHandler, ModerationTargetKind } from './moderationTypes';
import { WordFilter } from './wordFilter';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one sensitive-word filter and the registry of reportable content (moderation/README.md). */
    moderation: ModerationPort;
  }
}

export interface ModerationPluginOptions {
  db: Kysely<Database>;
  /** The ops token: guards `api/ops/moderation/*`. */
  opsToken: string;
  /** How often each node checks whether the word list changed (ms); default 3000. */
  wordPollMs?: number;
}

/** The port's state: the current automaton (replaced whole on a change) and the registered handlers. */
export class ModerationRegistry implements ModerationPort {
  filter: WordFilter;
  readonly targets = new Map<ModerationTargetKind, ModerationTargetHandler>();
  sanctions: ModerationSanctions = {};
  loadWords: () => Promise<readonly string[]> = async () => DEFAULT_SENSITIVE_WORDS;

  constructor(words: readonly string[] = DEFAULT_SENSITIVE_WORDS) {
    this.filter = new WordFilter(words);
  }

  check(text: string) {
    return this.filter.check(text);
  }

  mask(text: string): string {
    return this.filter.mask(text).text;
  }

  registerTarget(kind: ModerationTargetKind, handler: ModerationTargetHandler): void {
    if (this.targets.has(kind)) throw new Error(`moderation target '${kind}' is registered twice`);
    this.targets.set(kind, handler);
  }

  registerSanctions(sanctions: ModerationSanctions): void {
    this.sanctions = { ...this.sanctions, ...sanctions };
  }

  target(kind: ModerationTargetKind): ModerationTargetHandler | undefined {
    return this.targets.get(kind);
  }

  async reloadWords(): Promise<void> {
    // Built aside, then swapped: checks running meanwhile use the old automaton.
    this.filter = new WordFilter(await this.loadWords());
  }
}

/**
 * The moderation domain: the one sensitive-word filter (`app.moderation.check` / `mask`), the
 * word list ops manage, members' reports and the ops queue. Content domains register their
 * kinds with `app.moderation.registerTarget`; moderation imports none of them.
 */
async function moderation(app: App, options: ModerationPluginOptions): Promise<void> {
  const { db } = options;
  const registry = new ModerationRegistry();
  registry.loadWords = () => loadWords(db);
  // The server starts even when the database does not answer yet (/healthz then says so): the
  // list is then empty until the poll below reaches the database and loads it.
  const NOT_LOADED = -1;
  let version = NOT_LOADED;
  try {
    version = await wordListVersion(db);
    await registry.reloadWords();
  } catch (error) {
    version = NOT_LOADED;
    app.log.warn({ err: error }, 'sensitive words: not loaded (the database did not answer); retried every few seconds');
  }
  app.decorate('moderation', registry);

  // Other nodes' changes: poll the version row (one indexed read), rebuild when it moved.
  const poll = setInterval(() => {
    void (async () => {
      const now = await wordListVersion(db);
      if (now !== version) {
        version = now;
        await registry.reloadWords();
        app.log.info({ version, words: registry.filter.size }, 'sensitive words reloaded');
      }
    })().catch((error: unknown) => app.log.warn({ err: error }, 'sensitive words: version check failed'));
  }, options.wordPollMs ?? 3000);
  poll.unref();
  app.addHook('onClose', async () => clearInterval(poll));

  // The author sanctions: bans through accounts, room mutes through live (announced to the chat).
  registry.registerSanctions({
    ban: (userId, until) => banUser(db, userId, until, app.accounts.clock()),
    unban: (userId) => unbanUser(db, userId),
    mute: async (userId, minutes, roomId) => {
      if (roomId === undefined) throw errors.MODERATION_ACTION_UNSUPPORTED();
      emitCommitted(app.roomEvents, app.log, await opsMute(db, roomId, userId, minutes, app.accounts.clock()));
    },
  });

  // 'user': a member reported as such (their nickname is the excerpt); no hide or delete.
  registry.registerTarget('user', {
    describe: async (id) => {
      if (!/^[1-9][0-9]{0,15}$/.test(id)) return null;
      const user = await db.selectFrom('app_user').select(['id', 'user_nickname']).where('id', '=', Number(id)).executeTakeFirst();
      return user === undefined ? null : { authorId: user.id, excerpt: user.user_nickname };
    },
    hide: async () => {
      throw errors.MODERATION_ACTION_UNSUPPORTED();
    },
    unhide: async () => {
      throw errors.MODERATION_ACTION_UNSUPPORTED();
    },
    remove: async () => {
      throw errors.MODERATION_ACTION_UNSUPPORTED();
    },
  });

  const deps = { db, port: registry, clock: app.accounts.clock, sanctions: () => registry.sanctions };
  await app.register(moderationMemberRoutes, deps);
  await app.register(moderationOpsRoutes, { ...deps, opsToken: options.opsToken });
}

export const moderationPlugin = fp(moderation, {
  name: 'moderation',
  dependencies: ['accounts', 'live'],
  decorators: { fastify: ['accounts', 'requireLogin', 'roomEvents'] },
});

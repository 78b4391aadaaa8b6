import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../infra/db/schema';
import type { App } from '../infra/http/types';
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
    this.filter = new WordFilter(await this.loadWords());
  }
}

/**
 * The moderation domain: the one sensitive-word filter (`app.moderation.check` / `mask`), the
 * word list ops manage, members' reports and the ops queue. Content domains register their
 * kinds with `app.moderation.registerTarget`; moderation imports none of them.
 */
async function moderation(app: App, _options: ModerationPluginOptions): Promise<void> {
  const registry = new ModerationRegistry();
  app.decorate('moderation', registry);
}

export const moderationPlugin = fp(moderation, {
  name: 'moderation',
  dependencies: ['accounts', 'live'],
  decorators: { fastify: ['accounts'] },
});

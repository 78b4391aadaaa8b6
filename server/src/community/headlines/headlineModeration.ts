import type { Kysely } from 'kysely';
import type { Clock } from '../../infra/clock';
import type { Database } from '../../infra/db/schema';
import { BusinessError } from '../../infra/http/businessError';
import { errors } from '../../infra/http/errorCatalogue';
import type { ModerationTargetHandler } from '../../moderation/index';
import { setHeadlineState } from './headlinesOps';

/** Who the article's audit names when the moderation queue changes its state. */
const MODERATION_EDITOR = { actor: 'moderation', ip: '' };

/**
 * The moderation target `headline` (members report an article; ops hide it from the 举报处理
 * queue). Articles are written by ops, not members: `authorId` is null, so the queue offers no
 * ban or mute. Only published or hidden articles can be described (a draft is no one's to
 * report); hide = state hidden (gone from lists, the page, the portal), unhide = published
 * again (its first publication date kept), remove = hidden too (articles are never deleted;
 * the editor can still see and republish them). Each change writes a headline_audit row.
 */
export function headlineModerationTarget(db: Kysely<Database>, clock: Clock, rowId: (id: string) => number | null): ModerationTargetHandler {
  const setState = async (id: string, from: 'published' | 'hidden', to: 'published' | 'hidden') => {
    const headlineId = rowId(id);
    if (headlineId === null) return;
    // Idempotent, and never publishes a draft (unhide only undoes a hide): the state is checked
    // under the article's row lock, so an editor's change meanwhile is not overridden.
    await setHeadlineState(db, headlineId, to, MODERATION_EDITOR, clock(), from).catch((error: unknown) => {
      // An unknown article: nothing to change (handlers are idempotent).
      if (!(error instanceof BusinessError && error.reason === errors.HEADLINE_NOT_FOUND.reason)) throw error;
    });
  };
  return {
    describe: async (id) => {
      const headlineId = rowId(id);
      if (headlineId === null) return null;
      const row = await db.selectFrom('headline').select(['title', 'state']).where('id', '=', headlineId).where('state', 'in', ['published', 'hidden']).executeTakeFirst();
      return row === undefined ? null : { authorId: null, excerpt: row.title, hidden: row.state === 'hidden' };
    },
    hide: (id) => setState(id, 'published', 'hidden'),
    unhide: (id) => setState(id, 'hidden', 'published'),
    remove: (id) => setState(id, 'published', 'hidden'),
  };
}

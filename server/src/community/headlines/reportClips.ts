import type { Clip } from '@sports/shared/server';
import { FEED_CLIP_KINDS, MEDIA_LIST_LIMIT_MAX } from '@sports/shared/server';
import type { Kysely } from 'kysely';
import { listClips } from '../../clips/index';
import type { Database } from '../../infra/db/schema';

/**
 * A match report's replay clips (issue 34), read each time the article is opened rather than
 * written into its body: a clip is cut about 12 s after its event while the report is written at
 * full time, so the last goal's clip (and any clip renamed, deleted or hidden later)
 * would otherwise be missing or stale. The clips module's own list decides what is shown: ready,
 * not hidden by ops, not deleted; only the feed's kinds (a viewer's 剪辑 is not the match's story).
 */

/** The match's shown feed clips in match order (by the moment, then id), at most MEDIA_LIST_LIMIT_MAX. */
export async function reportClips(db: Kysely<Database>, matchId: number, viewerId: number | null): Promise<Clip[]> {
  const page = await listClips(db, { by: 'match', matchId }, { kinds: [...FEED_CLIP_KINDS], cursor: null, limit: MEDIA_LIST_LIMIT_MAX, viewerId });
  return page.list.sort((a, b) => a.happened_at.localeCompare(b.happened_at) || a.id - b.id);
}

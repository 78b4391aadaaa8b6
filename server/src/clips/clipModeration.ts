import type { Kysely } from 'kysely';
import type { Database } from '../infra/db/schema';
import type { ModerationTargetHandler } from '../moderation/index';
import { type ClipStorage, clipThumbKey, clipVideoKey } from './clipStorage';

/**
 * Clips in the moderation queue (kind `clip`, target id the clip's id): members report them like
 * posts (`POST api/moderation/report {kind: 'clip'}`); ops hide (gone from lists, its files 404),
 * unhide or delete (files removed). The author is the member who cut it, or the room's anchor
 * for a feed clip.
 */
export function clipModerationTarget(db: Kysely<Database>, storage: ClipStorage, now: () => Date): ModerationTargetHandler {
  const idOf = (id: string): number | null => (/^[1-9][0-9]{0,15}$/.test(id) ? Number(id) : null);
  return {
    async describe(id) {
      const clipId = idOf(id);
      if (clipId === null) return null;
      const clip = await db.selectFrom('clip').select(['creator_id', 'anchor_id', 'title', 'hidden', 'room_id']).where('id', '=', clipId).where('deleted_at', 'is', null).executeTakeFirst();
      if (clip === undefined) return null;
      return { authorId: clip.creator_id ?? clip.anchor_id, excerpt: clip.title, hidden: clip.hidden, roomId: clip.room_id };
    },
    async hide(id) {
      const clipId = idOf(id);
      if (clipId !== null) await db.updateTable('clip').set({ hidden: true }).where('id', '=', clipId).execute();
    },
    async unhide(id) {
      const clipId = idOf(id);
      if (clipId !== null) await db.updateTable('clip').set({ hidden: false }).where('id', '=', clipId).execute();
    },
    async remove(id) {
      const clipId = idOf(id);
      if (clipId === null) return;
      await db.updateTable('clip').set({ deleted_at: now(), video_key: null, thumb_key: null }).where('id', '=', clipId).where('deleted_at', 'is', null).execute();
      await storage.remove(clipVideoKey(clipId));
      await storage.remove(clipThumbKey(clipId));
    },
  };
}

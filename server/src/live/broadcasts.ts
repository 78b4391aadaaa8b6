import type { BroadcastRecord, PageOf, PageQuery } from '@sports/shared/server';
import type { Kysely } from 'kysely';
import type { Database } from '../infra/db/schema';
import { pageOf, pageWindow } from '../infra/http/pagination';

/**
 * `anchorExperienceList`: the caller's broadcast records (the media ingest writes them as
 * pushes start and end), newest first. A member who never broadcast gets an empty page.
 */
export async function broadcastRecords(db: Kysely<Database>, anchorId: number, query: PageQuery): Promise<PageOf<BroadcastRecord>> {
  const window = pageWindow(query);
  const base = db.selectFrom('broadcast').where('anchor_id', '=', anchorId);
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await base
    .select(['id', 'room_id', 'title', 'started_at', 'ended_at', 'duration_seconds', 'peak_viewers'])
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(window.pageSize)
    .offset(window.offset)
    .execute();
  const list = rows.map((row) => ({
    ...row,
    started_at: row.started_at.toISOString(),
    ended_at: row.ended_at?.toISOString() ?? null,
  }));
  return pageOf(list, total, window);
}

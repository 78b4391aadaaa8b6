import type { Kysely } from 'kysely';
import type { Database } from '../infra/db/schema';
import { errors } from '../infra/http/errorCatalogue';

/** One user's favourites at most: a list, not a way to fill the table. */
export const MAX_FAVORITES = 500;

/** `POST api/Basketballuser/collect`: favourite (1) or unfavourite (0); both idempotent. */
export async function setFavorite(db: Kysely<Database>, userId: number, matchId: number, collect: 0 | 1): Promise<{ match_id: number; collect: 0 | 1 }> {
  const match = await db.selectFrom('match').select('id').where('id', '=', matchId).executeTakeFirst();
  if (match === undefined) throw errors.SCORES_MATCH_NOT_FOUND();
  if (collect === 0) {
    await db.deleteFrom('match_favorite').where('user_id', '=', userId).where('match_id', '=', matchId).execute();
    return { match_id: matchId, collect };
  }
  const { n } = await db
    .selectFrom('match_favorite')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  if (n >= MAX_FAVORITES) {
    const already = await db.selectFrom('match_favorite').select('match_id').where('user_id', '=', userId).where('match_id', '=', matchId).executeTakeFirst();
    if (already === undefined) throw errors.SCORES_TOO_MANY_FAVORITES();
  }
  await db.insertInto('match_favorite').values({ user_id: userId, match_id: matchId }).onConflict((conflict) => conflict.columns(['user_id', 'match_id']).doNothing()).execute();
  return { match_id: matchId, collect };
}

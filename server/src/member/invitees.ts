import { type InviteListQuery, type Invitee, type PageOf, levelOf } from '@sports/shared/server';
import type { Kysely } from 'kysely';
import type { Database } from '../infra/db/schema';
import { pageOf, pageWindow } from '../infra/http/pagination';

/** `api/Member/inviteList`: the members who registered with my invite code, newest first (public fields only). */
export async function invitees(db: Kysely<Database>, inviterId: number, query: InviteListQuery): Promise<PageOf<Invitee>> {
  const window = pageWindow(query);
  const { count } = await db
    .selectFrom('app_user')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('invited_by', '=', inviterId)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('app_user')
    .select(['id', 'user_nickname', 'avatar', 'exp', 'created_at'])
    .where('invited_by', '=', inviterId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(window.pageSize)
    .offset(window.offset)
    .execute();
  const list = rows.map((row) => ({
    user_id: row.id,
    user_nickname: row.user_nickname,
    avatar: row.avatar,
    level: levelOf(row.exp),
    joined_at: new Date(row.created_at).toISOString(),
  }));
  return pageOf(list, Number(count), window);
}

import type { Kysely } from 'kysely';
import { issueSession } from '../../accounts/sessions/sessions';
import type { Database } from '../../infra/db/schema';
import type { App } from '../../infra/http/types';

/** Test helpers of the rooms API: users with sessions, matches, and calls as someone. */

let userCounter = 0;

export interface TestUser {
  id: number;
  mobile: string;
  headers: Record<string, string>;
}

/** A user with a live session (token header, as a non-browser client sends it). */
export async function createUser(db: Kysely<Database>, options: { anchor?: boolean; nickname?: string } = {}): Promise<TestUser> {
  userCounter += 1;
  const mobile = `86-138${String(process.pid % 1000).padStart(3, '0')}${String(userCounter).padStart(5, '0')}`;
  const user = await db
    .insertInto('app_user')
    .values({ mobile, user_nickname: options.nickname ?? `用户${userCounter}`, avatar: '/static/avatars/avatar-1.svg', is_anchor: options.anchor === true ? 1 : 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { token } = await issueSession(db, user.id, 3_600);
  return { id: user.id, mobile, headers: { token } };
}

/** A football match of a seeded competition, kicking off at `kickoffAt`. */
export async function createMatch(db: Kysely<Database>, kickoffAt: Date, status: 'scheduled' | 'live' | 'finished' = 'scheduled'): Promise<number> {
  const competition = await db.selectFrom('competition').select('id').where('sport', '=', 'football').orderBy('id').executeTakeFirstOrThrow();
  const season = await db.insertInto('season').values({ competition_id: competition.id, name: `S${++userCounter}` }).returning('id').executeTakeFirstOrThrow();
  const team = async (name: string) =>
    (await db.insertInto('team').values({ external_key: `test:${name}:${userCounter}`, sport: 'football', name_zh: name, short_name_zh: name }).returning('id').executeTakeFirstOrThrow()).id;
  const home = await team('主队');
  const away = await team('客队');
  const match = await db
    .insertInto('match')
    .values({ external_key: `test:${userCounter}`, sport: 'football', competition_id: competition.id, season_id: season.id, home_team_id: home, away_team_id: away, kickoff_at: kickoffAt, status })
    .returning('id')
    .executeTakeFirstOrThrow();
  return match.id;
}

export interface CallResult {
  status: number;
  code: number;
  msg: string;
  data: any;
}

/** GET with a query (as strings, as a browser sends them) or POST with a JSON body. */
export function caller(app: () => App) {
  const answer = (response: { statusCode: number; json: () => any }): CallResult => {
    const body = response.json();
    return { status: response.statusCode, code: body.code, msg: body.msg, data: body.data };
  };
  return {
    get: async (url: string, query: Record<string, string | number> = {}, as?: TestUser) =>
      answer(await app().inject({ url, query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])), headers: as?.headers })),
    post: async (url: string, payload: object, as?: TestUser) => answer(await app().inject({ method: 'POST', url, payload, headers: as?.headers })),
  };
}

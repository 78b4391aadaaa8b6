import { FOLLOWS_PER_TYPE_MAX, type FollowIds, type FollowItem, type FollowList, type FollowListType, type FollowResult, type FollowTargetType, type FollowedMatch, type ScoreSport } from '@sports/shared/server';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../infra/db/schema';
import { errors } from '../infra/http/errorCatalogue';

/** What the error messages call each type. */
export const FOLLOW_TARGET_NAMES: Record<FollowTargetType, string> = { team: '球队', league: '赛事', player: '球员' };

/** The table each type's ids are rows of. */
const TARGET_TABLES = { team: 'team', league: 'competition', player: 'player' } as const;

/**
 * A match counts as "now or next" while it is not finished and kicked off at most this long ago
 * (a live match is under it; a scheduled match the feed never started is not "next" forever).
 * The bound keeps the lookup a range of the (team, kickoff_at) and (competition, kickoff_at) indexes.
 */
const NEXT_MATCH_LOOKBACK = sql`interval '6 hours'`;

/** The members who follow a team, league or player, as a SELECT of `member_id` (issue 39 part 2's fan-out: `INSERT … SELECT` from it). Uses member_follow_target_idx. */
export function followersSelect(target: { type: FollowTargetType; id: number }): RawBuilder<{ member_id: number }> {
  return sql<{ member_id: number }>`select member_id from member_follow where target_type = ${target.type} and target_id = ${target.id}`;
}

/** How many members follow a team, league or player. */
export async function followerCount(db: Kysely<Database>, target: { type: FollowTargetType; id: number }): Promise<number> {
  const row = await db.selectFrom('member_follow').select((eb) => eb.fn.countAll<number>().as('n')).where('target_type', '=', target.type).where('target_id', '=', target.id).executeTakeFirstOrThrow();
  return Number(row.n);
}

interface NextMatchRow {
  match_id: number | null;
  kickoff_at: Date | null;
  status: FollowedMatch['status'] | null;
  home_team_id: number | null;
  away_team_id: number | null;
  home_name: string | null;
  away_name: string | null;
  home_score: number | null;
  away_score: number | null;
  match_competition: string | null;
}

/** The lateral subquery of a followed team's or league's match now or next: live first, then the earliest kick-off. */
function nextMatchJoin(type: 'team' | 'league'): RawBuilder<unknown> {
  const which = type === 'team' ? sql`(m.home_team_id = f.target_id or m.away_team_id = f.target_id)` : sql`m.competition_id = f.target_id`;
  return sql`left join lateral (
    select m.id as match_id, m.kickoff_at, m.status, m.home_team_id, m.away_team_id, h.name_zh as home_name, a.name_zh as away_name,
      m.home_score, m.away_score, mc.short_name_zh as match_competition
    from match m
    join team h on h.id = m.home_team_id
    join team a on a.id = m.away_team_id
    join competition mc on mc.id = m.competition_id
    where ${which} and m.status <> 'finished' and m.kickoff_at >= now() - ${NEXT_MATCH_LOOKBACK}
    order by (m.status <> 'scheduled') desc, m.kickoff_at, m.id
    limit 1
  ) nm on true`;
}

function nextMatchOf(row: NextMatchRow, followedTeam: number | null): FollowedMatch | null {
  if (row.match_id === null || row.kickoff_at === null || row.status === null || row.home_team_id === null || row.away_team_id === null) return null;
  const opponent = followedTeam === null ? null : followedTeam === row.home_team_id ? row.away_name : row.home_name;
  return {
    match_id: Number(row.match_id),
    kickoff_at: row.kickoff_at.toISOString(),
    status: row.status,
    home_team_id: row.home_team_id,
    away_team_id: row.away_team_id,
    home_team_name_zh: row.home_name ?? '',
    away_team_name_zh: row.away_name ?? '',
    home_score: row.home_score ?? 0,
    away_score: row.away_score ?? 0,
    competition_short_zh: row.match_competition ?? '',
    opponent_name_zh: opponent,
  };
}

const EMPTY_EXTRAS = { image: null, next_match: null, team: null, room: null } as const;

/** Follows of teams, leagues and players (server/src/follows/README.md). */
export class FollowService {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Follow (`follow: true`) or unfollow a team, league or player. An unknown id answers
   * FOLLOW_TARGET_NOT_FOUND, following twice FOLLOW_ALREADY, unfollowing what is not followed
   * FOLLOW_NOT_FOLLOWING; a member follows at most FOLLOWS_PER_TYPE_MAX of a type (FOLLOW_TOO_MANY).
   */
  async follow(memberId: number, type: FollowTargetType, id: number, follow: boolean): Promise<FollowResult> {
    const what = FOLLOW_TARGET_NAMES[type];
    const target = await this.db.selectFrom(TARGET_TABLES[type]).select('id').where('id', '=', id).executeTakeFirst();
    if (target === undefined) throw errors.FOLLOW_TARGET_NOT_FOUND(what);
    await this.db.transaction().execute(async (trx) => {
      if (!follow) {
        const removed = await trx.deleteFrom('member_follow').where('member_id', '=', memberId).where('target_type', '=', type).where('target_id', '=', id).executeTakeFirst();
        if (removed.numDeletedRows === 0n) throw errors.FOLLOW_NOT_FOLLOWING(what);
        return;
      }
      // One member's follows take turns (their user row locked), so two at once cannot both pass the bound.
      await trx.selectFrom('app_user').select('id').where('id', '=', memberId).forUpdate().execute();
      const already = await trx.selectFrom('member_follow').select('target_id').where('member_id', '=', memberId).where('target_type', '=', type).where('target_id', '=', id).executeTakeFirst();
      if (already !== undefined) throw errors.FOLLOW_ALREADY(what);
      const count = await trx.selectFrom('member_follow').select((eb) => eb.fn.countAll<number>().as('n')).where('member_id', '=', memberId).where('target_type', '=', type).executeTakeFirstOrThrow();
      if (Number(count.n) >= FOLLOWS_PER_TYPE_MAX) throw errors.FOLLOW_TOO_MANY(what, FOLLOWS_PER_TYPE_MAX);
      await trx.insertInto('member_follow').values({ member_id: memberId, target_type: type, target_id: id }).execute();
    });
    return { type, id, following: follow, followers: await followerCount(this.db, { type, id }) };
  }

  /** Every followed id per type (anchors: the newest FOLLOWS_PER_TYPE_MAX), newest first: one small answer per page load. */
  async ids(memberId: number): Promise<FollowIds> {
    const rows = await this.db.selectFrom('member_follow').select(['target_type', 'target_id']).where('member_id', '=', memberId).orderBy('created_at', 'desc').orderBy('target_id', 'desc').execute();
    const anchors = await this.db.selectFrom('user_follow').select('anchor_id').where('follower_id', '=', memberId).orderBy('created_at', 'desc').orderBy('anchor_id', 'desc').limit(FOLLOWS_PER_TYPE_MAX).execute();
    const answer: FollowIds = { team: [], league: [], player: [], anchor: anchors.map((row) => Number(row.anchor_id)) };
    for (const row of rows) answer[row.target_type].push(Number(row.target_id));
    return answer;
  }

  /** One type's follows, newest first, at most FOLLOWS_PER_TYPE_MAX (all of a team, league or player list). */
  async list(memberId: number, type: FollowListType): Promise<FollowList> {
    const list = type === 'anchor' ? await this.anchors(memberId) : type === 'player' ? await this.players(memberId) : await this.teamsOrLeagues(memberId, type);
    const total =
      type === 'anchor'
        ? await this.db.selectFrom('user_follow').select((eb) => eb.fn.countAll<number>().as('n')).where('follower_id', '=', memberId).executeTakeFirstOrThrow()
        : await this.db.selectFrom('member_follow').select((eb) => eb.fn.countAll<number>().as('n')).where('member_id', '=', memberId).where('target_type', '=', type).executeTakeFirstOrThrow();
    return { type, list, total: Number(total.n) };
  }

  private async teamsOrLeagues(memberId: number, type: 'team' | 'league'): Promise<FollowItem[]> {
    const table = type === 'team' ? sql`team` : sql`competition`;
    const { rows } = await sql<NextMatchRow & { id: number; name_zh: string; short_name_zh: string; sport: ScoreSport; created_at: Date }>`
      select t.id, t.name_zh, t.short_name_zh, t.sport, f.created_at, nm.*
      from member_follow f
      join ${table} t on t.id = f.target_id
      ${nextMatchJoin(type)}
      where f.member_id = ${memberId} and f.target_type = ${type}
      order by f.created_at desc, f.target_id desc
      limit ${FOLLOWS_PER_TYPE_MAX}`.execute(this.db);
    return rows.map((row) => ({
      ...EMPTY_EXTRAS,
      type,
      id: row.id,
      name: row.name_zh,
      short_name: row.short_name_zh,
      sport: row.sport,
      followed_at: row.created_at.toISOString(),
      next_match: nextMatchOf(row, type === 'team' ? row.id : null),
    }));
  }

  private async players(memberId: number): Promise<FollowItem[]> {
    const rows = await this.db
      .selectFrom('member_follow as f')
      .innerJoin('player as p', 'p.id', 'f.target_id')
      .innerJoin('team as t', 't.id', 'p.team_id')
      .select(['p.id', 'p.name_zh', 't.id as team_id', 't.name_zh as team_name', 't.sport', 'f.created_at'])
      .where('f.member_id', '=', memberId)
      .where('f.target_type', '=', 'player')
      .orderBy('f.created_at', 'desc')
      .orderBy('f.target_id', 'desc')
      .limit(FOLLOWS_PER_TYPE_MAX)
      .execute();
    return rows.map((row) => ({
      ...EMPTY_EXTRAS,
      type: 'player' as const,
      id: row.id,
      name: row.name_zh,
      short_name: row.name_zh,
      sport: row.sport,
      followed_at: row.created_at.toISOString(),
      team: { id: row.team_id, name: row.team_name },
    }));
  }

  /** The anchors of `user_follow` (live/follows.ts writes them): nickname, avatar, room and whether it is live. */
  private async anchors(memberId: number): Promise<FollowItem[]> {
    const rows = await this.db
      .selectFrom('user_follow as f')
      .innerJoin('app_user as u', 'u.id', 'f.anchor_id')
      .leftJoin('live_room as r', 'r.owner_id', 'f.anchor_id')
      .select(['u.id', 'u.user_nickname', 'u.avatar', 'f.created_at', 'r.id as room_id', 'r.stream_status'])
      .where('f.follower_id', '=', memberId)
      .orderBy('f.created_at', 'desc')
      .orderBy('f.anchor_id', 'desc')
      .limit(FOLLOWS_PER_TYPE_MAX)
      .execute();
    return rows.map((row) => ({
      ...EMPTY_EXTRAS,
      type: 'anchor' as const,
      id: Number(row.id),
      name: row.user_nickname,
      short_name: row.user_nickname,
      image: row.avatar === '' ? null : row.avatar,
      sport: null,
      followed_at: row.created_at.toISOString(),
      room: row.room_id === null ? null : { room_id: Number(row.room_id), is_live: row.stream_status === 'live' },
    }));
  }
}

import { RECOMMEND_FOLLOWS_MAX, type FollowSuggestion, type LiveRoomCard, type RecommendFollows } from '@sports/shared/server';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../infra/db/schema';
import { type RoomPresence, roomCards } from '../live/index';
import { historyStart, liveCandidates } from './recommendReads';

/**
 * `api/Recommend/follows` (README.md, "Follow suggestions"): what the empty 我的关注 tabs and 预约
 * page suggest following.
 * - Teams and leagues of the matches the member viewed in the last 30 China days: favourited
 *   (match_favorite), reserved (live_reservation, directly or through a scheduled broadcast), or
 *   watched (watch_record → the broadcast of that room running on that day → its match). Ranked by
 *   how many of those matches they played in, then by followers. Derived from the tables the site
 *   already writes: no view log of its own.
 * - Filled up with popular ones: teams of the matches live now or kicking off in the next 48 h,
 *   the hottest competitions (hot_rank) first; leagues by hot_rank.
 * - Live anchors in the sports the member watched (watch_record's room types), else in any sport,
 *   most viewers first.
 * Whatever the member already follows, and their own room, is left out.
 */

const UPCOMING_WINDOW_MS = 48 * 3_600_000;
/** Matches read for the popular fill (their teams, in order). */
const POPULAR_MATCHES_READ = 60;

/** The matches the member viewed in the last 30 days (README.md): ids, at most 200 of them. */
async function viewedMatchIds(db: Kysely<Database>, memberId: number, now: Date): Promise<number[]> {
  const since = historyStart(now);
  const rows = await sql<{ match_id: number }>`
    select match_id from match_favorite where user_id = ${memberId}
    union
    select coalesce(lr.match_id, s.match_id) as match_id
      from live_reservation lr left join live_schedule s on s.id = lr.schedule_id
     where lr.user_id = ${memberId} and coalesce(lr.match_id, s.match_id) is not null
    union
    select b.match_id from watch_record w
      join broadcast b on b.room_id = w.room_id and b.match_id is not null
       and b.started_at <= w.last_watched_at
       and coalesce(b.ended_at, 'infinity'::timestamptz) >= (w.day::timestamp at time zone 'Asia/Shanghai')
     where w.user_id = ${memberId} and w.day >= ${since}::date
    limit 200`.execute(db);
  return rows.rows.map((row) => Number(row.match_id));
}

async function followed(db: Kysely<Database>, memberId: number, type: 'team' | 'league'): Promise<Set<number>> {
  const rows = await db.selectFrom('member_follow').select('target_id').where('member_id', '=', memberId).where('target_type', '=', type).execute();
  return new Set(rows.map((row) => row.target_id));
}

/** Teams of the viewed matches, most matches first, then most followers. */
async function viewedTeams(db: Kysely<Database>, matchIds: readonly number[], skip: ReadonlySet<number>): Promise<FollowSuggestion[]> {
  if (matchIds.length === 0) return [];
  const rows = await db
    .selectFrom('match as m')
    .innerJoin('team as t', (join) => join.on((eb) => eb.or([eb('t.id', '=', eb.ref('m.home_team_id')), eb('t.id', '=', eb.ref('m.away_team_id'))])))
    .select(['t.id', 't.name_zh', 't.short_name_zh', 't.sport'])
    .select((eb) => eb.fn.count<string>('m.id').distinct().as('matches'))
    .select(sql<string>`(select count(*) from member_follow f where f.target_type = 'team' and f.target_id = t.id)`.as('followers'))
    .where('m.id', 'in', [...matchIds])
    .groupBy(['t.id', 't.name_zh', 't.short_name_zh', 't.sport'])
    .orderBy(sql`count(distinct m.id)`, 'desc')
    .orderBy(sql`(select count(*) from member_follow f where f.target_type = 'team' and f.target_id = t.id)`, 'desc')
    .orderBy('t.id')
    .limit(RECOMMEND_FOLLOWS_MAX + skip.size)
    .execute();
  return rows.filter((row) => !skip.has(row.id)).map((row) => ({ id: row.id, name: row.name_zh, short_name: row.short_name_zh, sport: row.sport, reason: 'viewed' }));
}

/** Leagues of the viewed matches, most matches first. */
async function viewedLeagues(db: Kysely<Database>, matchIds: readonly number[], skip: ReadonlySet<number>): Promise<FollowSuggestion[]> {
  if (matchIds.length === 0) return [];
  const rows = await db
    .selectFrom('match as m')
    .innerJoin('competition as c', 'c.id', 'm.competition_id')
    .select(['c.id', 'c.name_zh', 'c.short_name_zh', 'c.sport'])
    .where('m.id', 'in', [...matchIds])
    .groupBy(['c.id', 'c.name_zh', 'c.short_name_zh', 'c.sport'])
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('c.id')
    .limit(RECOMMEND_FOLLOWS_MAX + skip.size)
    .execute();
  return rows.filter((row) => !skip.has(row.id)).map((row) => ({ id: row.id, name: row.name_zh, short_name: row.short_name_zh, sport: row.sport, reason: 'viewed' }));
}

/** Teams of the matches live now or kicking off within 48 h, hottest competition first. */
async function popularTeams(db: Kysely<Database>, now: Date): Promise<FollowSuggestion[]> {
  const matches = await db
    .selectFrom('match as m')
    .innerJoin('competition as c', 'c.id', 'm.competition_id')
    .innerJoin('team as h', 'h.id', 'm.home_team_id')
    .innerJoin('team as a', 'a.id', 'm.away_team_id')
    .select(['h.id as home_id', 'h.name_zh as home_name', 'h.short_name_zh as home_short', 'a.id as away_id', 'a.name_zh as away_name', 'a.short_name_zh as away_short', 'm.sport'])
    .where((eb) => eb.or([eb('m.status', 'in', ['live', 'halftime']), eb.and([eb('m.status', '=', 'scheduled'), eb('m.kickoff_at', '>=', now), eb('m.kickoff_at', '<', new Date(now.getTime() + UPCOMING_WINDOW_MS))])]))
    .orderBy(sql`c.hot_rank is null`)
    .orderBy('c.hot_rank')
    .orderBy(sql`m.status in ('live', 'halftime')`, 'desc')
    .orderBy('m.kickoff_at')
    .orderBy('m.id')
    .limit(POPULAR_MATCHES_READ)
    .execute();
  return matches.flatMap((match): FollowSuggestion[] => [
    { id: match.home_id, name: match.home_name, short_name: match.home_short, sport: match.sport, reason: 'popular' },
    { id: match.away_id, name: match.away_name, short_name: match.away_short, sport: match.sport, reason: 'popular' },
  ]);
}

async function popularLeagues(db: Kysely<Database>): Promise<FollowSuggestion[]> {
  const rows = await db
    .selectFrom('competition')
    .select(['id', 'name_zh', 'short_name_zh', 'sport'])
    .orderBy(sql`hot_rank is null`)
    .orderBy('hot_rank')
    .orderBy('id')
    .limit(RECOMMEND_FOLLOWS_MAX * 4)
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name_zh, short_name: row.short_name_zh, sport: row.sport, reason: 'popular' }));
}

/** The first RECOMMEND_FOLLOWS_MAX distinct, not followed. */
export function fill(lists: readonly (readonly FollowSuggestion[])[], skip: ReadonlySet<number>): FollowSuggestion[] {
  const seen = new Set(skip);
  const out: FollowSuggestion[] = [];
  for (const item of lists.flat()) {
    if (out.length === RECOMMEND_FOLLOWS_MAX) break;
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    out.push(item);
  }
  return out;
}

/** Live rooms of anchors not followed, in the member's watched sports (else any), most viewers first. */
async function anchorSuggestions(db: Kysely<Database>, presence: RoomPresence, memberId: number, now: Date): Promise<LiveRoomCard[]> {
  const [candidates, follows, sports] = await Promise.all([
    liveCandidates(db, presence),
    db.selectFrom('user_follow').select('anchor_id').where('follower_id', '=', memberId).execute(),
    db
      .selectFrom('watch_record as w')
      .innerJoin('live_room as r', 'r.id', 'w.room_id')
      .select('r.type')
      .distinct()
      .where('w.user_id', '=', memberId)
      .where('w.day', '>=', sql<Date>`${historyStart(now)}::date`)
      .execute(),
  ]);
  const followedAnchors = new Set(follows.map((row) => row.anchor_id));
  const watchedTypes = new Set<number>(sports.map((row) => row.type));
  const open = candidates.filter((room) => room.ownerId !== memberId && !followedAnchors.has(room.ownerId));
  const inMySports = open.filter((room) => watchedTypes.has(room.type));
  const picked = (inMySports.length > 0 ? inMySports : open).sort((a, b) => b.online - a.online || a.roomId - b.roomId).slice(0, RECOMMEND_FOLLOWS_MAX);
  return roomCards(db, presence, picked.map((room) => room.roomId));
}

export async function followSuggestions(db: Kysely<Database>, presence: RoomPresence, memberId: number, now: Date): Promise<RecommendFollows> {
  const [matchIds, followedTeams, followedLeagues] = await Promise.all([viewedMatchIds(db, memberId, now), followed(db, memberId, 'team'), followed(db, memberId, 'league')]);
  const [teamsViewed, leaguesViewed, teamsPopular, leaguesPopular, anchors] = await Promise.all([
    viewedTeams(db, matchIds, followedTeams),
    viewedLeagues(db, matchIds, followedLeagues),
    popularTeams(db, now),
    popularLeagues(db),
    anchorSuggestions(db, presence, memberId, now),
  ]);
  return { teams: fill([teamsViewed, teamsPopular], followedTeams), leagues: fill([leaguesViewed, leaguesPopular], followedLeagues), anchors };
}

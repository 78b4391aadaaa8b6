import { type Kysely, sql } from 'kysely';
import { chinaDate } from '../infra/chinaTime';
import type { Database } from '../infra/db/schema';
import type { RoomPresence } from '../live/index';
import { type CandidateRoom, type FanProfile, HISTORY_DAYS } from './roomScore';

/**
 * What the recommendations read (README.md): the live rooms with their matches' teams and
 * competition, and a member's follows and watch history.
 */

/** Live rooms considered at most (rooms live at one time are few; liveList.ts sorts as many). */
export const CANDIDATES_MAX = 2_000;

/** The live rooms (not ops' test rooms), with their match's teams and competition and their viewers (`app.roomPresence`, which never throws). */
export async function liveCandidates(db: Kysely<Database>, presence: RoomPresence): Promise<CandidateRoom[]> {
  const rows = await db
    .selectFrom('live_room as r')
    .leftJoin('match as m', 'm.id', 'r.match_id')
    .select(['r.id', 'r.owner_id', 'r.type', 'm.home_team_id', 'm.away_team_id', 'm.competition_id'])
    .where('r.stream_status', '=', 'live')
    .where('r.is_test', '=', false)
    .orderBy('r.id')
    .limit(CANDIDATES_MAX)
    .execute();
  return rows.map((row) => ({
    roomId: row.id,
    ownerId: row.owner_id,
    type: row.type,
    online: presence.onlineMembers(row.id),
    match: row.home_team_id === null || row.away_team_id === null || row.competition_id === null ? null : { homeTeamId: row.home_team_id, awayTeamId: row.away_team_id, competitionId: row.competition_id },
  }));
}

/** The first China day of the history window ('YYYY-MM-DD'). */
export function historyStart(now: Date): string {
  return chinaDate(new Date(now.getTime() - (HISTORY_DAYS - 1) * 86_400_000));
}

/** A member's followed anchors, teams and leagues, and their watch history of the last HISTORY_DAYS China days. */
export async function fanProfile(db: Kysely<Database>, memberId: number, now: Date): Promise<FanProfile> {
  const [anchors, follows, watched] = await Promise.all([
    db.selectFrom('user_follow').select('anchor_id').where('follower_id', '=', memberId).execute(),
    db.selectFrom('member_follow').select(['target_type', 'target_id']).where('member_id', '=', memberId).where('target_type', 'in', ['team', 'league']).execute(),
    db
      .selectFrom('watch_record as w')
      .innerJoin('live_room as r', 'r.id', 'w.room_id')
      .select(['w.room_id', 'r.type', sql<string>`sum(w.seconds)`.as('seconds')])
      .where('w.user_id', '=', memberId)
      .where('w.day', '>=', sql<Date>`${historyStart(now)}::date`)
      .groupBy(['w.room_id', 'r.type'])
      .execute(),
  ]);
  const roomSeconds = new Map<number, number>();
  const typeSeconds = new Map<number, number>();
  for (const row of watched) {
    const seconds = Number(row.seconds);
    if (seconds <= 0) continue;
    roomSeconds.set(row.room_id, seconds);
    typeSeconds.set(row.type, (typeSeconds.get(row.type) ?? 0) + seconds);
  }
  return {
    anchors: new Set(anchors.map((row) => row.anchor_id)),
    teams: new Set(follows.filter((row) => row.target_type === 'team').map((row) => row.target_id)),
    leagues: new Set(follows.filter((row) => row.target_type === 'league').map((row) => row.target_id)),
    roomSeconds,
    typeSeconds,
  };
}

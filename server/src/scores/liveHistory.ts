import { type Kysely, sql } from 'kysely';
import { matchStreamOf } from '@sports/shared/server';
import type { Database } from '../infra/db/schema';
import type { LiveHistory } from './liveData/liveDataHub';
import { exponentRows, goalData, matchRowQuery, toMatchRow, withoutHot } from './matchRows';

/** Odds of matches kicking off within this are part of exponent snapshots. */
const UPCOMING_ODDS_MS = 2 * 3_600_000;

/** The newest `stream_seq` a table's rows have taken (0 when none): where its event stream is up to. */
async function lastStreamSeq(db: Kysely<Database>, table: 'match_event' | 'clip'): Promise<number> {
  const { rows } = await sql<{ seq: number | null }>`select max(stream_seq) as seq from ${sql.table(table)} where stream_seq is not null`.execute(db);
  return rows[0]?.seq ?? 0;
}

/** The hub's view of PostgreSQL: current rows for snapshots at start, goals for catch-ups. */
export function createLiveHistory(db: Kysely<Database>, now: () => Date = () => new Date()): LiveHistory {
  return {
    async currentRows() {
      const inPlay = (await matchRowQuery(db).where('m.status', 'in', ['live', 'halftime']).orderBy('m.kickoff_at').execute()).map(toMatchRow);
      const upcoming = await db
        .selectFrom('match')
        .select('id')
        .where('status', '=', 'scheduled')
        .where('kickoff_at', '<=', new Date(now().getTime() + UPCOMING_ODDS_MS))
        .where('kickoff_at', '>=', new Date(now().getTime() - UPCOMING_ODDS_MS))
        .execute();
      const oddsMatchIds = [...inPlay.map((row) => row.match_id), ...upcoming.map((row) => row.id)];
      const pairs = oddsMatchIds.length === 0 ? [] : await db.selectFrom('match_odds').select(['match_id as matchId', 'company_id as companyId']).distinct().where('match_id', 'in', oddsMatchIds).execute();
      const odds = await exponentRows(db, pairs);
      return [
        ...inPlay.map((row) => ({ stream: matchStreamOf(row.sport), row, hot: row.hot })),
        ...odds.map((row) => ({ stream: row.sport === 'football' ? ('football_exponent' as const) : ('basketball_exponent' as const), row: withoutHot(row), hot: row.hot })),
      ];
    },

    events: {
      goal: {
        lastSeq: () => lastStreamSeq(db, 'match_event'),
        async between(after, upTo, limit) {
          const goals = await db
            .selectFrom('match_event as e')
            .innerJoin('match as m', 'm.id', 'e.match_id')
            .innerJoin('team as h', 'h.id', 'm.home_team_id')
            .innerJoin('team as a', 'a.id', 'm.away_team_id')
            .select(['e.stream_seq', 'e.match_id', 'e.side', 'e.minute', 'e.extra_minute', 'e.home_score', 'e.away_score', 'h.name_zh as home_team_name_zh', 'a.name_zh as away_team_name_zh'])
            .where('e.stream_seq', '>', after)
            .where('e.stream_seq', '<=', upTo)
            .orderBy('e.stream_seq', 'desc')
            .limit(limit)
            .execute();
          return goals.reverse().map((goal) => ({ seq: goal.stream_seq ?? 0, data: goalData(goal, goal) }));
        },
      },
      clip: {
        lastSeq: () => lastStreamSeq(db, 'clip'),
        async between(after, upTo, limit) {
          // A clip deleted or hidden since is still sent (its number was used) without its files' addresses changing: the page's player shows 片段不存在 on a 404.
          const clips = await db
            .selectFrom('clip')
            .select(['id', 'stream_seq', 'match_id', 'event_id', 'kind', 'title', 'home_score', 'away_score', 'thumb_key'])
            .where('stream_seq', '>', after)
            .where('stream_seq', '<=', upTo)
            .orderBy('stream_seq', 'desc')
            .limit(limit)
            .execute();
          return clips.reverse().map((clip) => ({
            seq: clip.stream_seq ?? 0,
            data: {
              clip_id: clip.id,
              match_id: clip.match_id,
              event_id: clip.event_id,
              kind: clip.kind,
              title: clip.title,
              ...(clip.home_score !== null && clip.away_score !== null ? { home_score: clip.home_score, away_score: clip.away_score } : {}),
              video_url: `/media/clips/${clip.id}.mp4`,
              thumb_url: clip.thumb_key === null ? '' : `/media/clips/${clip.id}.jpg`,
            },
          }));
        },
      },
    },
  };
}

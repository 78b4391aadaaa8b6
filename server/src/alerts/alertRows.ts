import type { FanAlert, FanAlertKind } from '@sports/shared/server';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../infra/db/schema';
import { alertText } from './alertText';

/** An alert as the fan-out and the live delivery need it: what to show, and whose follows it reaches. */
export interface AlertRow {
  alert: FanAlert;
  /** Teams and league of a match alert (member_follow targets); the anchor of anchor_live (user_follow). */
  teamIds: number[];
  leagueId: number | null;
  anchorId: number | null;
  /** Fan-out progress (alerts/README.md, "The fan-out job"). */
  createdAt: Date;
}

interface Raw {
  id: string;
  kind: FanAlertKind;
  match_id: string | null;
  anchor_id: string | null;
  room_id: string | null;
  created_at: Date;
  detail_minute: number | null;
  extra_minute: number | null;
  side: 'home' | 'away' | null;
  player_zh: string | null;
  home_score: number | null;
  away_score: number | null;
  occurred_at: Date | null;
  home_team_id: string | null;
  away_team_id: string | null;
  competition_id: number | null;
  home_name: string | null;
  away_name: string | null;
  league_name: string | null;
  anchor_name: string | null;
  room_title: string | null;
}

/** The alerts of these ids with everything their texts need (one query; unknown ids are left out). */
export async function loadAlerts(db: Kysely<Database>, ids: readonly number[]): Promise<AlertRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<Raw>`
    select a.id, a.kind, a.match_id, a.anchor_id, a.room_id, a.created_at,
      e.minute as detail_minute, e.extra_minute, e.side, e.player_zh, e.home_score, e.away_score, e.occurred_at,
      m.home_team_id, m.away_team_id, m.competition_id, h.name_zh as home_name, w.name_zh as away_name, c.name_zh as league_name,
      u.user_nickname as anchor_name, r.title as room_title
    from alert_event a
    left join match_event e on e.id = a.match_event_id
    left join match m on m.id = a.match_id
    left join team h on h.id = m.home_team_id
    left join team w on w.id = m.away_team_id
    left join competition c on c.id = m.competition_id
    left join app_user u on u.id = a.anchor_id
    left join live_room r on r.id = a.room_id
    where a.id = any(${ids.map(String)}::bigint[])
    order by a.id`.execute(db);
  return rows.map((row) => {
    const text = alertText({
      kind: row.kind,
      homeName: row.home_name ?? '',
      awayName: row.away_name ?? '',
      leagueName: row.league_name ?? '',
      homeScore: row.home_score,
      awayScore: row.away_score,
      side: row.side,
      minute: row.detail_minute,
      extraMinute: row.extra_minute,
      playerZh: row.player_zh,
      anchorName: row.anchor_name ?? '',
      roomTitle: row.room_title ?? '',
    });
    const matchId = row.match_id === null ? null : Number(row.match_id);
    const roomId = row.room_id === null ? null : Number(row.room_id);
    return {
      alert: {
        id: Number(row.id),
        kind: row.kind,
        ...text,
        link: matchId !== null ? `#/score-detail?id=${matchId}` : `#/live?id=${roomId ?? 0}`,
        match_id: matchId,
        home_name: row.home_name,
        away_name: row.away_name,
        home_score: row.home_score,
        away_score: row.away_score,
        minute: row.detail_minute === null ? null : row.extra_minute ? `${row.detail_minute}+${row.extra_minute}'` : `${row.detail_minute}'`,
        side: row.side,
        room_id: roomId,
        at: (row.occurred_at ?? row.created_at).toISOString(),
      },
      teamIds: [row.home_team_id, row.away_team_id].filter((id): id is string => id !== null).map(Number),
      leagueId: row.competition_id,
      anchorId: row.anchor_id === null ? null : Number(row.anchor_id),
      createdAt: row.created_at,
    };
  });
}

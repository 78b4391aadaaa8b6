import {
  type BasketballBoxScore,
  type BasketballLeadTracker,
  type BasketballShotChart,
  type FootballLineups,
  type FootballMomentum,
  type FootballPlayerRatings,
  type FootballShotMap,
  type MatchCentreSide,
  type MatchStatus,
  type PlayerProfile,
  type PlayerRecentMatch,
  type PlayerSeasonLine,
  type ScoreSport,
  type TeamLineup,
  type TeamProfile,
  pitchEventOrder,
  sumBasketballLines,
} from '@sports/shared/server';
import type { Kysely } from 'kysely';
import { errors } from '../../infra/http/errorCatalogue';
import type { Database } from '../../infra/db/schema';
import { POSITION_ZH } from '../knowledge/playerStats';
import { matchRowsById } from '../matchRows';
import { type MatchAnalytics, actionsOf, emptyAnalytics } from './centreAnalytics';
import { PITCH_EVENT_KINDS } from './centreAction';
import { type SquadRow, basketballStatsOf, footballStatsOf, squadOf, toBasketballShot, toBoxPlayer, toFootballShot, toLineupPlayer, toPitchEvent, toPlayerRating } from './centreRows';
import { courtOf } from './court';

/** What every match-centre answer starts from; an unknown match (or one of the other sport) is 比赛不存在. */
export interface MatchHead {
  id: number;
  sport: ScoreSport;
  status: MatchStatus;
  period_scores: [number, number][];
  competition_name_zh: string;
  teams: Record<MatchCentreSide, { id: number; name_zh: string }>;
}

export async function matchHead(db: Kysely<Database>, matchId: number, sport: ScoreSport): Promise<MatchHead> {
  const row = await db
    .selectFrom('match as m')
    .innerJoin('competition as c', 'c.id', 'm.competition_id')
    .innerJoin('team as h', 'h.id', 'm.home_team_id')
    .innerJoin('team as a', 'a.id', 'm.away_team_id')
    .select(['m.id', 'm.sport', 'm.status', 'm.period_scores', 'c.name_zh as competition_name_zh', 'h.id as home_id', 'h.name_zh as home_name', 'a.id as away_id', 'a.name_zh as away_name'])
    .where('m.id', '=', matchId)
    .executeTakeFirst();
  if (row === undefined || row.sport !== sport) throw errors.SCORES_MATCH_NOT_FOUND();
  return {
    id: Number(row.id),
    sport: row.sport,
    status: row.status,
    period_scores: row.period_scores,
    competition_name_zh: row.competition_name_zh,
    teams: { home: { id: row.home_id, name_zh: row.home_name }, away: { id: row.away_id, name_zh: row.away_name } },
  };
}

async function analyticsOf(db: Kysely<Database>, head: MatchHead): Promise<MatchAnalytics> {
  const row = await db.selectFrom('match_analytics').select('data').where('match_id', '=', head.id).executeTakeFirst();
  return (row?.data as MatchAnalytics | undefined) ?? emptyAnalytics(head.sport);
}

const played = (row: SquadRow) => row.starter || row.on_minute !== null;

export async function footballLineups(db: Kysely<Database>, matchId: number): Promise<FootballLineups> {
  const head = await matchHead(db, matchId, 'football');
  const [squad, sheets, events] = await Promise.all([
    squadOf(db, head.id),
    db.selectFrom('match_team_sheet').select(['side', 'formation']).where('match_id', '=', head.id).execute(),
    actionsOf(db, head.id, PITCH_EVENT_KINDS),
  ]);
  const team = (side: MatchCentreSide): TeamLineup => {
    const rows = squad.filter((row) => row.side === side);
    const starters = rows.filter((row) => row.starter).sort((a, b) => (a.slot_x ?? 0) - (b.slot_x ?? 0) || (a.slot_y ?? 0) - (b.slot_y ?? 0));
    const bench = rows.filter((row) => !row.starter);
    const cameOn = bench.filter((row) => row.on_minute !== null).sort((a, b) => (a.on_minute ?? 0) - (b.on_minute ?? 0));
    return {
      side,
      team_id: head.teams[side].id,
      team_name_zh: head.teams[side].name_zh,
      formation: sheets.find((sheet) => sheet.side === side)?.formation ?? null,
      starters: starters.map(toLineupPlayer),
      substitutes: [...cameOn, ...bench.filter((row) => row.on_minute === null)].map(toLineupPlayer),
      substitutions_made: cameOn.length,
    };
  };
  return { match_id: head.id, status: head.status, home: team('home'), away: team('away'), events: events.map(toPitchEvent).sort(pitchEventOrder) };
}

export async function footballMomentum(db: Kysely<Database>, matchId: number): Promise<FootballMomentum> {
  const head = await matchHead(db, matchId, 'football');
  const analytics = await analyticsOf(db, head);
  return { match_id: head.id, status: head.status, buckets: analytics.momentum, goals: analytics.goals };
}

export async function footballShotMap(db: Kysely<Database>, matchId: number): Promise<FootballShotMap> {
  const head = await matchHead(db, matchId, 'football');
  const [shots, analytics] = await Promise.all([actionsOf(db, head.id, ['shot']), analyticsOf(db, head)]);
  return { match_id: head.id, status: head.status, shots: shots.map(toFootballShot), home_xg: analytics.home_xg, away_xg: analytics.away_xg, xg_timeline: analytics.xg_timeline };
}

export async function footballPlayerRatings(db: Kysely<Database>, matchId: number): Promise<FootballPlayerRatings> {
  const head = await matchHead(db, matchId, 'football');
  const players = (await squadOf(db, head.id)).filter(played).map(toPlayerRating);
  players.sort((a, b) => (b.rating ?? -1) - (a.rating ?? -1) || a.player_id - b.player_id);
  const best = head.status === 'scheduled' ? undefined : players.find((player) => player.rating !== null);
  return { match_id: head.id, status: head.status, players, best_player_id: best?.player_id ?? null };
}

export async function basketballBoxScore(db: Kysely<Database>, matchId: number): Promise<BasketballBoxScore> {
  const head = await matchHead(db, matchId, 'basketball');
  const squad = await squadOf(db, head.id);
  const team = (side: MatchCentreSide) => {
    const players = squad.filter((row) => row.side === side).map(toBoxPlayer);
    return { side, team_id: head.teams[side].id, team_name_zh: head.teams[side].name_zh, players, totals: sumBasketballLines(players.map((player) => player.stats)) };
  };
  return { match_id: head.id, status: head.status, period_scores: head.period_scores, home: team('home'), away: team('away') };
}

export async function basketballShotChart(db: Kysely<Database>, matchId: number): Promise<BasketballShotChart> {
  const head = await matchHead(db, matchId, 'basketball');
  const court = courtOf(head.competition_name_zh);
  const shots = await actionsOf(db, head.id, ['field_goal']);
  return { match_id: head.id, status: head.status, court, shots: shots.map((shot) => toBasketballShot(shot, court)) };
}

export async function basketballLeadTracker(db: Kysely<Database>, matchId: number): Promise<BasketballLeadTracker> {
  const head = await matchHead(db, matchId, 'basketball');
  const analytics = await analyticsOf(db, head);
  const lead = analytics.lead ?? emptyAnalytics('basketball').lead;
  return {
    match_id: head.id,
    status: head.status,
    game_seconds: analytics.game_seconds,
    points: lead?.points ?? [],
    largest_lead: lead?.largest_lead ?? { home: 0, away: 0 },
    lead_changes: lead?.lead_changes ?? 0,
    ties: lead?.ties ?? 0,
    runs: lead?.runs ?? [],
  };
}

// ---- Player and team pages ----

const RECENT = 10;

interface Appearance extends SquadRow {
  match_id: number;
  sport: ScoreSport;
}

/** The finished matches of the current seasons a set of players played in (newest first). */
async function appearances(db: Kysely<Database>, playerIds: readonly number[]): Promise<Appearance[]> {
  if (playerIds.length === 0) return [];
  const rows = await db
    .selectFrom('match_player as mp')
    .innerJoin('player as p', 'p.id', 'mp.player_id')
    .innerJoin('match as m', 'm.id', 'mp.match_id')
    .innerJoin('season as s', 's.id', 'm.season_id')
    .select(['mp.match_id', 'm.sport', 'mp.player_id', 'mp.side', 'p.name_zh', 'p.shirt_number', 'p.position', 'mp.starter', 'mp.slot_x', 'mp.slot_y', 'mp.on_minute', 'mp.off_minute', 'mp.on_court', 'mp.fouled_out', 'mp.stats', 'mp.rating'])
    .where('mp.player_id', 'in', playerIds)
    .where('m.status', '=', 'finished')
    .where('s.is_current', '=', true)
    .orderBy('m.kickoff_at', 'desc')
    .execute();
  return rows.map((row) => ({ ...row, match_id: Number(row.match_id) })).filter(played);
}

function seasonLine(rows: readonly Appearance[]): PlayerSeasonLine {
  const line: PlayerSeasonLine = { appearances: rows.length, starts: 0, minutes: 0, goals: 0, assists: 0, xg: 0, yellow: 0, red: 0, points: 0, rebounds: 0, steals: 0, blocks: 0, average_rating: null };
  let ratingSum = 0;
  let rated = 0;
  for (const row of rows) {
    if (row.starter) line.starts += 1;
    if (row.sport === 'football') {
      const stats = footballStatsOf(row);
      line.minutes += stats.minutes;
      line.goals += stats.goals;
      line.assists += stats.assists;
      line.xg += stats.xg;
      line.yellow += stats.yellow;
      line.red += stats.red;
      if (row.rating !== null) {
        ratingSum += row.rating;
        rated += 1;
      }
    } else {
      const stats = basketballStatsOf(row);
      line.minutes += Math.round(stats.seconds / 60);
      line.points += stats.points;
      line.rebounds += stats.rebounds;
      line.assists += stats.assists;
      line.steals += stats.steals;
      line.blocks += stats.blocks;
    }
  }
  line.xg = Math.round(line.xg * 100) / 100;
  line.average_rating = rated === 0 ? null : Math.round((ratingSum / rated) * 10) / 10;
  return line;
}

export async function playerProfile(db: Kysely<Database>, playerId: number): Promise<PlayerProfile> {
  const player = await db
    .selectFrom('player as p')
    .innerJoin('team as t', 't.id', 'p.team_id')
    .select(['p.id', 'p.name_zh', 'p.shirt_number', 'p.position', 't.id as team_id', 't.sport', 't.name_zh as team_name_zh', 't.short_name_zh'])
    .where('p.id', '=', playerId)
    .executeTakeFirst();
  if (player === undefined) throw errors.KNOWLEDGE_PLAYER_NOT_FOUND();
  const rows = await appearances(db, [player.id]);
  const recentRows = rows.slice(0, RECENT);
  const matches = new Map((await matchRowsById(db, recentRows.map((row) => row.match_id))).map((match) => [match.match_id, match]));
  const recent: PlayerRecentMatch[] = [];
  for (const row of recentRows) {
    const match = matches.get(row.match_id);
    if (match === undefined) continue;
    const football = row.sport === 'football' ? footballStatsOf(row) : null;
    const basketball = row.sport === 'basketball' ? basketballStatsOf(row) : null;
    recent.push({
      match,
      side: row.side,
      starter: row.starter,
      rating: row.rating,
      minutes: football?.minutes ?? Math.round((basketball?.seconds ?? 0) / 60),
      goals: football?.goals ?? 0,
      assists: football?.assists ?? basketball?.assists ?? 0,
      points: basketball?.points ?? 0,
      rebounds: basketball?.rebounds ?? 0,
    });
  }
  return {
    player: { id: player.id, name_zh: player.name_zh, shirt_number: player.shirt_number, position: player.position, position_zh: POSITION_ZH[player.position] ?? player.position },
    team: { id: player.team_id, sport: player.sport, name_zh: player.team_name_zh, short_name_zh: player.short_name_zh },
    season: seasonLine(rows),
    recent,
  };
}

const POSITION_ORDER: Record<string, number> = { GK: 0, DF: 1, MF: 2, FW: 3, G: 0, F: 1, C: 2 };

export async function teamProfile(db: Kysely<Database>, teamId: number): Promise<TeamProfile> {
  const team = await db.selectFrom('team').select(['id', 'sport', 'name_zh', 'short_name_zh']).where('id', '=', teamId).executeTakeFirst();
  if (team === undefined) throw errors.KNOWLEDGE_TEAM_NOT_FOUND();
  const matches = await db
    .selectFrom('match as m')
    .innerJoin('season as s', 's.id', 'm.season_id')
    .leftJoin('match_analytics as a', 'a.match_id', 'm.id')
    .select(['m.id', 'm.home_team_id', 'm.home_score', 'm.away_score', 'a.data'])
    .where((eb) => eb.or([eb('m.home_team_id', '=', team.id), eb('m.away_team_id', '=', team.id)]))
    .where('m.status', '=', 'finished')
    .where('s.is_current', '=', true)
    .orderBy('m.kickoff_at', 'desc')
    .execute();
  const season = { played: 0, won: 0, drawn: 0, lost: 0, scored: 0, conceded: 0, xg_for: 0, xg_against: 0 };
  const results = new Map<number, { side: MatchCentreSide; result: 'W' | 'D' | 'L'; xg_for: number | null; xg_against: number | null }>();
  for (const match of matches) {
    const side: MatchCentreSide = match.home_team_id === team.id ? 'home' : 'away';
    const own = side === 'home' ? match.home_score : match.away_score;
    const other = side === 'home' ? match.away_score : match.home_score;
    const result = own > other ? 'W' : own === other ? 'D' : 'L';
    season.played += 1;
    season[result === 'W' ? 'won' : result === 'D' ? 'drawn' : 'lost'] += 1;
    season.scored += own;
    season.conceded += other;
    const analytics = match.data as MatchAnalytics | null;
    const xgFor = analytics === null || team.sport !== 'football' ? null : side === 'home' ? analytics.home_xg : analytics.away_xg;
    const xgAgainst = analytics === null || team.sport !== 'football' ? null : side === 'home' ? analytics.away_xg : analytics.home_xg;
    season.xg_for += xgFor ?? 0;
    season.xg_against += xgAgainst ?? 0;
    if (results.size < RECENT) results.set(Number(match.id), { side, result, xg_for: xgFor, xg_against: xgAgainst });
  }
  season.xg_for = Math.round(season.xg_for * 100) / 100;
  season.xg_against = Math.round(season.xg_against * 100) / 100;
  const rows = await matchRowsById(db, [...results.keys()]);
  const recent = rows
    .map((match) => ({ match, ...(results.get(match.match_id) as { side: MatchCentreSide; result: 'W' | 'D' | 'L'; xg_for: number | null; xg_against: number | null }) }))
    .sort((a, b) => b.match.kickoff_at.localeCompare(a.match.kickoff_at));
  const players = await db.selectFrom('player').select(['id', 'name_zh', 'shirt_number', 'position']).where('team_id', '=', team.id).execute();
  const played = await appearances(db, players.map((player) => player.id));
  const squad = players
    .sort((a, b) => (POSITION_ORDER[a.position] ?? 9) - (POSITION_ORDER[b.position] ?? 9) || a.shirt_number - b.shirt_number)
    .map((player) => ({ ...player, position_zh: POSITION_ZH[player.position] ?? player.position, season: seasonLine(played.filter((row) => row.player_id === player.id)) }));
  return { team: { id: team.id, sport: team.sport, name_zh: team.name_zh, short_name_zh: team.short_name_zh }, season, recent, squad };
}

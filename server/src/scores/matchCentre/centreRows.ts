import {
  type BasketballPlayerStats,
  type BasketballShot,
  type BoxScorePlayer,
  COURTS,
  type CourtKind,
  type FootballPitchEvent,
  type FootballPlayerStats,
  type FootballShot,
  type LineupPlayer,
  type MatchCentreSide,
  type PlayerRating,
} from '@sports/shared/server';
import type { Kysely } from 'kysely';
import type { Database } from '../../infra/db/schema';
import type { CentreAction } from './centreAction';
import { emptyBasketballStats } from './basketballStats';
import { emptyFootballStats } from './ratings';

/** The API's shapes from stored rows (one place, for the HTTP answers and the socket's deltas alike). */

export function toFootballShot(action: CentreAction): FootballShot {
  return {
    id: action.id,
    side: action.side,
    player_id: action.player_id,
    player_zh: action.player_zh,
    period: action.period,
    minute: Math.max(1, action.minute),
    extra: action.extra,
    second: action.second,
    x: action.x ?? 0,
    y: action.y ?? 0,
    xg: action.xg ?? 0,
    outcome: action.outcome ?? 'missed',
    on_target: action.outcome === 'goal' || action.outcome === 'saved',
    head: action.head,
    situation: action.situation ?? 'open_play',
  };
}

export function toPitchEvent(action: CentreAction): FootballPitchEvent {
  return {
    id: action.id,
    kind: action.kind === 'card' || action.kind === 'substitution' ? action.kind : 'foul',
    side: action.side,
    player_id: action.player_id,
    player_zh: action.player_zh,
    player_in_id: action.player_in_id,
    player_in_zh: action.player_in_zh,
    card: action.card,
    period: action.period,
    minute: Math.max(1, action.minute),
    extra: action.extra,
    second: action.second,
    x: action.x ?? 0,
    y: action.y ?? 0,
  };
}

export function toBasketballShot(action: CentreAction, court: CourtKind): BasketballShot {
  const geometry = COURTS[court];
  const x = action.x ?? geometry.width / 2;
  const y = action.y ?? geometry.basketY;
  return {
    id: action.id,
    side: action.side,
    player_id: action.player_id,
    player_zh: action.player_zh,
    period: action.period,
    clock_seconds: action.clock_seconds ?? 0,
    x,
    y,
    distance: Math.round(Math.hypot(x - geometry.width / 2, y - geometry.basketY) * 100) / 100,
    points: action.points === 3 ? 3 : 2,
    made: action.made === true,
  };
}

/** A match_player row with its player (what every per-player answer starts from). */
export interface SquadRow {
  player_id: number;
  side: MatchCentreSide;
  name_zh: string;
  shirt_number: number;
  position: string;
  starter: boolean;
  slot_x: number | null;
  slot_y: number | null;
  on_minute: number | null;
  off_minute: number | null;
  on_court: boolean;
  fouled_out: boolean;
  stats: unknown;
  rating: number | null;
}

/** The squad rows of several matches in one read (the deltas of a batch), by match. */
export async function squadsOf(db: Kysely<Database>, wanted: ReadonlyMap<number, readonly number[]>): Promise<Map<number, SquadRow[]>> {
  const result = new Map<number, SquadRow[]>();
  const matchIds = [...wanted.keys()].filter((id) => (wanted.get(id)?.length ?? 0) > 0);
  if (matchIds.length === 0) return result;
  const playerIds = [...new Set(matchIds.flatMap((id) => wanted.get(id) ?? []))];
  const rows = await db
    .selectFrom('match_player as mp')
    .innerJoin('player as p', 'p.id', 'mp.player_id')
    .select(['mp.match_id', 'mp.player_id', 'mp.side', 'p.name_zh', 'p.shirt_number', 'p.position', 'mp.starter', 'mp.slot_x', 'mp.slot_y', 'mp.on_minute', 'mp.off_minute', 'mp.on_court', 'mp.fouled_out', 'mp.stats', 'mp.rating'])
    .where('mp.match_id', 'in', matchIds)
    .where('mp.player_id', 'in', playerIds)
    .orderBy('mp.side')
    .orderBy('mp.starter', 'desc')
    .orderBy('p.shirt_number')
    .execute();
  for (const { match_id, ...row } of rows) {
    const matchId = Number(match_id);
    if (!(wanted.get(matchId) ?? []).includes(row.player_id)) continue;
    result.set(matchId, [...(result.get(matchId) ?? []), row]);
  }
  return result;
}

export async function squadOf(db: Kysely<Database>, matchId: number, playerIds?: readonly number[]): Promise<SquadRow[]> {
  let query = db
    .selectFrom('match_player as mp')
    .innerJoin('player as p', 'p.id', 'mp.player_id')
    .select(['mp.player_id', 'mp.side', 'p.name_zh', 'p.shirt_number', 'p.position', 'mp.starter', 'mp.slot_x', 'mp.slot_y', 'mp.on_minute', 'mp.off_minute', 'mp.on_court', 'mp.fouled_out', 'mp.stats', 'mp.rating'])
    .where('mp.match_id', '=', matchId);
  if (playerIds !== undefined) {
    if (playerIds.length === 0) return [];
    query = query.where('mp.player_id', 'in', playerIds);
  }
  return query.orderBy('mp.side').orderBy('mp.starter', 'desc').orderBy('p.shirt_number').execute();
}

export function footballStatsOf(row: SquadRow): FootballPlayerStats {
  return { ...emptyFootballStats(), ...((row.stats as Partial<FootballPlayerStats> | null) ?? {}) };
}

export function basketballStatsOf(row: SquadRow): BasketballPlayerStats {
  return { ...emptyBasketballStats(), ...((row.stats as Partial<BasketballPlayerStats> | null) ?? {}) };
}

export function toPlayerRating(row: SquadRow): PlayerRating {
  return { player_id: row.player_id, side: row.side, name_zh: row.name_zh, shirt_number: row.shirt_number, position: row.position, rating: row.rating, stats: footballStatsOf(row) };
}

export function toLineupPlayer(row: SquadRow): LineupPlayer {
  return {
    player_id: row.player_id,
    name_zh: row.name_zh,
    shirt_number: row.shirt_number,
    position: row.position,
    slot_x: row.starter ? row.slot_x : null,
    slot_y: row.starter ? row.slot_y : null,
    starter: row.starter,
    on_minute: row.on_minute,
    off_minute: row.off_minute,
    rating: row.rating,
    stats: footballStatsOf(row),
  };
}

export function toBoxPlayer(row: SquadRow): BoxScorePlayer {
  return { player_id: row.player_id, name_zh: row.name_zh, shirt_number: row.shirt_number, position: row.position, starter: row.starter, on_court: row.on_court, fouled_out: row.fouled_out, stats: basketballStatsOf(row) };
}

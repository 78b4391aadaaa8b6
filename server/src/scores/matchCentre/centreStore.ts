import type { BasketballPlayerStats, FootballPlayerStats, MatchCentreSide, ScoreSport } from '@sports/shared/server';
import { type Transaction, sql } from 'kysely';
import type { Database } from '../../infra/db/schema';
import type { FeedAction, FeedBatch } from '../feed/matchFeed';
import { footballRating } from './ratings';

/** What the store needs to know of a match the feed names. */
export interface CentreMatchRef {
  id: number;
  sport: ScoreSport;
  homeTeamId: number;
  awayTeamId: number;
}

/** What a batch changed in the match centre, per match id: new action ids and the players whose line was written. */
export interface StoredCentre {
  matchIds: number[];
  newActionIds: Map<number, number[]>;
  linePlayers: Map<number, number[]>;
}

/**
 * Writes a feed batch's match-centre part (lineups, players' lines with their ratings, actions)
 * inside the batch's transaction. Players are found by their team and shirt number (the player
 * row's key); an own goal's player is the other side's. Ratings are computed here, once per line
 * the feed sends (ratings.ts), never when a page asks.
 */
export async function storeMatchCentre(trx: Transaction<Database>, batch: FeedBatch, refOf: (key: string) => Promise<CentreMatchRef | undefined>): Promise<StoredCentre> {
  const stored: StoredCentre = { matchIds: [], newActionIds: new Map(), linePlayers: new Map() };
  const lineups = batch.lineups ?? [];
  const lines = batch.playerLines ?? [];
  const actions = batch.actions ?? [];
  if (lineups.length + lines.length + actions.length === 0) return stored;
  const refs = new Map<string, CentreMatchRef>();
  for (const key of new Set([...lineups, ...lines, ...actions].map((item) => item.matchKey))) {
    const ref = await refOf(key);
    if (ref !== undefined) refs.set(key, ref);
  }
  const teamIds = [...new Set([...refs.values()].flatMap((ref) => [ref.homeTeamId, ref.awayTeamId]))];
  const players = new Map<string, { id: number; position: string }>();
  if (teamIds.length > 0) {
    for (const row of await trx.selectFrom('player').select(['id', 'team_id', 'shirt_number', 'position']).where('team_id', 'in', teamIds).execute()) {
      players.set(`${row.team_id}:${row.shirt_number}`, { id: row.id, position: row.position });
    }
  }
  const teamOf = (ref: CentreMatchRef, side: MatchCentreSide) => (side === 'home' ? ref.homeTeamId : ref.awayTeamId);
  const playerOf = (ref: CentreMatchRef, side: MatchCentreSide, shirt: number | null) => (shirt === null ? undefined : players.get(`${teamOf(ref, side)}:${shirt}`));
  const touched = new Set<number>();

  const sheets = [];
  const squad = new Map<string, { match_id: number; player_id: number; side: MatchCentreSide; starter: boolean; slot_x: number | null; slot_y: number | null }>();
  for (const lineup of lineups) {
    const ref = refs.get(lineup.matchKey);
    if (ref === undefined) continue;
    touched.add(ref.id);
    sheets.push({ match_id: ref.id, side: lineup.side, formation: lineup.formation });
    for (const entry of lineup.players) {
      const player = playerOf(ref, lineup.side, entry.shirt_number);
      if (player !== undefined) squad.set(`${ref.id}:${player.id}`, { match_id: ref.id, player_id: player.id, side: lineup.side, starter: entry.starter, slot_x: entry.slot_x, slot_y: entry.slot_y });
    }
  }
  if (sheets.length > 0) {
    await trx.insertInto('match_team_sheet').values(sheets).onConflict((conflict) => conflict.columns(['match_id', 'side']).doUpdateSet({ formation: sql`excluded.formation` })).execute();
  }
  if (squad.size > 0) {
    await trx
      .insertInto('match_player')
      .values([...squad.values()])
      .onConflict((conflict) => conflict.columns(['match_id', 'player_id']).doUpdateSet({ starter: sql`excluded.starter`, slot_x: sql`excluded.slot_x`, slot_y: sql`excluded.slot_y` }))
      .execute();
  }

  const lineRows = new Map<string, Record<string, unknown>>();
  for (const line of lines) {
    const ref = refs.get(line.matchKey);
    const player = ref === undefined ? undefined : playerOf(ref, line.side, line.shirt_number);
    if (ref === undefined || player === undefined) continue;
    touched.add(ref.id);
    const stats: FootballPlayerStats | BasketballPlayerStats | null = line.football ?? line.basketball;
    // A rating from his first minute on the pitch (none for a lineup announced before kick-off).
    const played = (line.starter || line.on_minute !== null) && (line.football?.minutes ?? 0) > 0;
    const rating = line.football === null ? null : footballRating(line.football, player.position, played);
    lineRows.set(`${ref.id}:${player.id}`, {
      match_id: ref.id,
      player_id: player.id,
      side: line.side,
      starter: line.starter,
      on_minute: line.on_minute,
      off_minute: line.off_minute,
      on_court: line.on_court,
      fouled_out: line.fouled_out,
      stats,
      rating,
    });
    stored.linePlayers.set(ref.id, [...(stored.linePlayers.get(ref.id) ?? []), player.id]);
  }
  if (lineRows.size > 0) {
    await sql`
      insert into match_player (match_id, player_id, side, starter, on_minute, off_minute, on_court, fouled_out, stats, rating, updated_at)
      select match_id, player_id, side, starter, on_minute, off_minute, on_court, fouled_out, stats, rating, ${batch.at}
      from jsonb_to_recordset(${JSON.stringify([...lineRows.values()])}::jsonb) as v(
        match_id bigint, player_id integer, side text, starter boolean, on_minute smallint, off_minute smallint, on_court boolean, fouled_out boolean, stats jsonb, rating real)
      on conflict (match_id, player_id) do update set
        side = excluded.side, starter = excluded.starter, on_minute = excluded.on_minute, off_minute = excluded.off_minute, on_court = excluded.on_court,
        fouled_out = excluded.fouled_out, stats = excluded.stats, rating = excluded.rating, updated_at = excluded.updated_at`.execute(trx);
  }

  const actionRows = [];
  for (const action of actions) {
    const ref = refs.get(action.matchKey);
    if (ref === undefined) continue;
    touched.add(ref.id);
    const player = playerOf(ref, action.situation === 'own_goal' ? (action.side === 'home' ? 'away' : 'home') : action.side, action.shirt_number)?.id ?? null;
    actionRows.push(actionRow(ref, action, player, playerOf(ref, action.side, action.in_shirt_number ?? null)?.id ?? null));
  }
  if (actionRows.length > 0) {
    // Rows go in in the array's order, so ids follow the feed's order.
    const { rows } = await sql<{ id: number; match_id: number }>`
      insert into match_action (external_key, match_id, side, player_id, player_zh, kind, period, minute, extra, second, clock_seconds, x, y, xg, outcome, head, situation, points, made, count, home_score, away_score, occurred_at, card, player_in_id, player_in_zh)
      select external_key, match_id, side, player_id, player_zh, kind, period, minute, extra, second, clock_seconds, x, y, xg, outcome, head, situation, points, made, count, home_score, away_score, occurred_at, card, player_in_id, player_in_zh
      from jsonb_to_recordset(${JSON.stringify(actionRows)}::jsonb) as v(
        external_key text, match_id bigint, side text, player_id integer, player_zh text, kind text, period smallint, minute smallint, extra smallint, second smallint,
        clock_seconds smallint, x real, y real, xg real, outcome text, head boolean, situation text, points smallint, made boolean, count smallint,
        home_score smallint, away_score smallint, occurred_at timestamptz, card text, player_in_id integer, player_in_zh text)
      on conflict (external_key) do nothing
      returning id, match_id`.execute(trx);
    for (const row of rows) stored.newActionIds.set(Number(row.match_id), [...(stored.newActionIds.get(Number(row.match_id)) ?? []), Number(row.id)]);
  }
  stored.matchIds = [...touched];
  return stored;
}

function actionRow(ref: CentreMatchRef, action: FeedAction, playerId: number | null, playerInId: number | null) {
  const { key, matchKey: _matchKey, shirt_number: _shirt, in_shirt_number: _in, occurred_at, ...fields } = action;
  return { external_key: key, match_id: ref.id, player_id: playerId, ...fields, card: action.card ?? null, player_in_id: playerInId, player_in_zh: action.player_in_zh ?? '', occurred_at: occurred_at.toISOString() };
}

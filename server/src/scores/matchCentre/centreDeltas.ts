import { isDeepStrictEqual } from 'node:util';
import type { BasketballPlayerStats, BoxLineChange, FootballPlayerStats, MatchCentreDelta, MatchStatus, PlayerRatingChange, ScoreSport } from '@sports/shared/server';
import type { Kysely } from 'kysely';
import type { Database } from '../../infra/db/schema';
import type { StoredBatch } from '../feed/feedStore';
import { ACTION_COLUMNS, type MatchAnalytics } from './centreAnalytics';
import { type CentreAction, PITCH_EVENT_KINDS } from './centreAction';
import { type SquadRow, basketballStatsOf, footballStatsOf, squadsOf, toBasketballShot, toBoxPlayer, toFootballShot, toPitchEvent, toPlayerRating } from './centreRows';
import { courtOf } from './court';

/**
 * The `match_centre` frames of a stored batch: per match it touched, what changed (new shots,
 * their xG points, the momentum buckets that moved, new goals, the players whose rating or line
 * changed, lineup moves; basketball: new shots, box-score lines, the lead tracker's new points
 * and summary). Built once per batch, whatever the number of viewers. Remembers the last line
 * sent per player to leave unchanged ones out and to send only the changed fields (football
 * `rating_changes`, basketball `box_changes`; a whole row the first time a player appears, or
 * for football when a substitute comes on); forgotten when the match finishes.
 */
export class MatchCentreDeltas {
  private readonly sent = new Map<number, Map<number, SentLine>>();

  constructor(private readonly db: Kysely<Database>) {}

  async build(centre: StoredBatch['centre']): Promise<MatchCentreDelta[]> {
    if (centre.matchIds.length === 0) return [];
    const matches = await this.db
      .selectFrom('match as m')
      .innerJoin('competition as c', 'c.id', 'm.competition_id')
      .select(['m.id', 'm.sport', 'm.status', 'm.period_scores', 'c.name_zh'])
      .where('m.id', 'in', centre.matchIds)
      .execute();
    const actionIds = [...centre.newActionIds.values()].flat();
    const actions =
      actionIds.length === 0
        ? []
        : (await this.db.selectFrom('match_action').select([...ACTION_COLUMNS, 'match_id']).where('id', 'in', actionIds).orderBy('id').execute()).map((row) => ({ ...row, id: Number(row.id), match_id: Number(row.match_id) }));
    const squads = await squadsOf(this.db, centre.linePlayers);
    const deltas: MatchCentreDelta[] = [];
    for (const match of matches) {
      const matchId = Number(match.id);
      if (match.sport !== 'football' && match.sport !== 'basketball') continue;
      const own = actions.filter((action) => action.match_id === matchId);
      const analytics = centre.analytics.get(matchId);
      const delta = this.deltaOf(matchId, match.sport, match.status, match.period_scores, match.name_zh, own, analytics, squads.get(matchId) ?? []);
      if (delta !== null) deltas.push(delta);
      if (match.status === 'finished') this.sent.delete(matchId);
    }
    return deltas;
  }

  private deltaOf(
    matchId: number,
    sport: ScoreSport,
    status: MatchStatus,
    periodScores: [number, number][],
    competition: string,
    actions: CentreAction[],
    analytics: { before: MatchAnalytics | null; after: MatchAnalytics } | undefined,
    squad: SquadRow[],
  ): MatchCentreDelta | null {
    const delta: MatchCentreDelta = { match_id: matchId, sport, status };
    const sent = this.sentOf(matchId);
    const previous = new Map<number, SentLine | undefined>();
    const rows = squad.filter((row) => {
      const json = JSON.stringify([row.rating, row.stats, row.on_minute, row.off_minute, row.on_court, row.fouled_out]);
      const last = sent.get(row.player_id);
      if (last?.json === json) return false;
      previous.set(row.player_id, last);
      sent.set(row.player_id, { json, rating: row.rating, stats: row.stats, on_minute: row.on_minute, off_minute: row.off_minute, on_court: row.on_court, fouled_out: row.fouled_out });
      return true;
    });
    const before = analytics?.before ?? null;
    const after = analytics?.after ?? null;
    if (sport === 'football') {
      const shots = actions.filter((action) => action.kind === 'shot');
      if (shots.length > 0) {
        const ids = new Set(shots.map((shot) => shot.id));
        delta.shots = shots.map(toFootballShot);
        delta.xg_points = (after?.xg_timeline ?? []).filter((point) => ids.has(point.shot_id));
      }
      const events = actions.filter((action) => (PITCH_EVENT_KINDS as readonly string[]).includes(action.kind));
      if (events.length > 0) delta.events = events.map(toPitchEvent);
      if (after !== null) {
        delta.home_xg = after.home_xg;
        delta.away_xg = after.away_xg;
        // The stored document comes back from jsonb with its keys reordered: compared by value, not as text.
        const previous = new Map((before?.momentum ?? []).map((bucket) => [`${bucket.period}:${bucket.minute}:${bucket.extra}`, bucket]));
        const moved = after.momentum.filter((bucket) => !isDeepStrictEqual(previous.get(`${bucket.period}:${bucket.minute}:${bucket.extra}`), bucket));
        if (moved.length > 0) delta.momentum = moved;
        if (after.goals.length > (before?.goals.length ?? 0)) delta.goals = after.goals.slice(before?.goals.length ?? 0);
      }
      const played = rows.filter((row) => row.starter || row.on_minute !== null);
      // A whole row when the pages may not hold the player yet; else only what changed.
      const whole = played.filter((row) => {
        const last = previous.get(row.player_id);
        return last === undefined || (last.on_minute === null && row.on_minute !== null);
      });
      if (whole.length > 0) delta.ratings = whole.map(toPlayerRating);
      const changes = played.filter((row) => !whole.includes(row)).map((row) => ratingChange(row, previous.get(row.player_id)));
      const real = changes.filter((change) => change.rating !== undefined || change.stats !== undefined);
      if (real.length > 0) delta.rating_changes = real;
      const moves = rows.filter((row) => {
        const last = previous.get(row.player_id);
        return (row.on_minute !== null || row.off_minute !== null) && (last === undefined || last.on_minute !== row.on_minute || last.off_minute !== row.off_minute);
      });
      if (moves.length > 0) delta.lineup = moves.map((row) => ({ player_id: row.player_id, side: row.side, on_minute: row.on_minute, off_minute: row.off_minute }));
    } else {
      const court = courtOf(competition);
      const shots = actions.filter((action) => action.kind === 'field_goal');
      if (shots.length > 0) delta.basketball_shots = shots.map((shot) => toBasketballShot(shot, court));
      // A whole line the first time a player appears in the deltas; afterwards only what changed.
      const whole = rows.filter((row) => previous.get(row.player_id) === undefined);
      if (whole.length > 0) delta.box = whole.map((row) => ({ side: row.side, player: toBoxPlayer(row) }));
      const changes = rows.filter((row) => !whole.includes(row)).map((row) => boxLineChange(row, previous.get(row.player_id) as SentLine));
      const real = changes.filter((change) => Object.keys(change).length > 2);
      if (real.length > 0) delta.box_changes = real;
      if (actions.some((action) => action.made === true)) delta.period_scores = periodScores;
      const lead = after?.lead ?? null;
      if (lead !== null) {
        const known = before?.lead?.points.length ?? 0;
        if (lead.points.length > known) delta.lead_points = lead.points.slice(known);
        if (!isDeepStrictEqual(lead.runs, before?.lead?.runs ?? [])) delta.runs = lead.runs;
        delta.largest_lead = lead.largest_lead;
        delta.lead_changes = lead.lead_changes;
        delta.ties = lead.ties;
      }
    }
    const changed = Object.keys(delta).some((key) => !['match_id', 'sport', 'status', 'home_xg', 'away_xg', 'largest_lead', 'lead_changes', 'ties'].includes(key));
    return changed ? delta : null;
  }

  private sentOf(matchId: number): Map<number, SentLine> {
    let sent = this.sent.get(matchId);
    if (sent === undefined) {
      sent = new Map();
      this.sent.set(matchId, sent);
    }
    return sent;
  }
}

/** What the last delta said of a player (his row as JSON to spot any change, and the fields diffed). */
interface SentLine {
  json: string;
  rating: number | null;
  stats: unknown;
  on_minute: number | null;
  off_minute: number | null;
  on_court: boolean;
  fouled_out: boolean;
}

/** The fields of a player's rating and line that differ from what was last sent. */
function ratingChange(row: SquadRow, last: SentLine | undefined): PlayerRatingChange {
  const change: PlayerRatingChange = { player_id: row.player_id, side: row.side };
  if (last === undefined || last.rating !== row.rating) change.rating = row.rating;
  const stats = changedFields(footballStatsOf(row), last === undefined ? null : footballStatsOf({ ...row, stats: last.stats }));
  if (stats !== null) change.stats = stats;
  return change;
}

/** The fields of a player's box-score line that differ from what was last sent. */
function boxLineChange(row: SquadRow, last: SentLine): BoxLineChange {
  const change: BoxLineChange = { player_id: row.player_id, side: row.side };
  if (last.on_court !== row.on_court) change.on_court = row.on_court;
  if (last.fouled_out !== row.fouled_out) change.fouled_out = row.fouled_out;
  const stats = changedFields<BasketballPlayerStats>(basketballStatsOf(row), basketballStatsOf({ ...row, stats: last.stats }));
  if (stats !== null) change.stats = stats;
  return change;
}

/** The fields of `now` whose value differs from `was` (all of them without `was`); null when none. */
function changedFields<Stats extends FootballPlayerStats | BasketballPlayerStats>(now: Stats, was: Stats | null): Partial<Stats> | null {
  const changed: Partial<Stats> = {};
  for (const key of Object.keys(now) as (keyof Stats)[]) if (was === null || was[key] !== now[key]) changed[key] = now[key];
  return Object.keys(changed).length > 0 ? changed : null;
}

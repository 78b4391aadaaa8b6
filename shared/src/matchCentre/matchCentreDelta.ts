import type {
  BasketballBoxScore,
  BasketballLeadTracker,
  BasketballShotChart,
  BoxLineChange,
  BoxScorePlayer,
  BoxScoreTeam,
  FootballLineups,
  FootballMomentum,
  FootballPitchEvent,
  FootballPlayerRatings,
  FootballShotMap,
  LineupPlayer,
  MatchCentreDelta,
  PlayerRatingChange,
  TeamLineup,
} from './types';

/**
 * Applying a `match_centre` delta to the documents a page fetched (one function per document).
 * Every kind is keyed, so a frame applied twice, or a frame already contained in a document
 * fetched after it was sent, changes nothing: that is what makes the socket's replay-or-refetch
 * recovery exact. Each returns the same object when the delta has nothing for it.
 */

function upsert<Item>(list: readonly Item[], items: readonly Item[] | undefined, key: (item: Item) => string, order?: (a: Item, b: Item) => number): Item[] {
  if (items === undefined || items.length === 0) return list as Item[];
  const byKey = new Map(list.map((item) => [key(item), item]));
  for (const item of items) byKey.set(key(item), item);
  const merged = [...byKey.values()];
  return order === undefined ? merged : merged.sort(order);
}

const clockOrder = (a: { minute: number; extra: number; second?: number }, b: { minute: number; extra: number; second?: number }) =>
  a.minute - b.minute || a.extra - b.extra || (a.second ?? 0) - (b.second ?? 0);

/** Cards, substitutions and fouls in match order (the lineups answer's `events`, and merged deltas). */
export const pitchEventOrder = (a: FootballPitchEvent, b: FootballPitchEvent): number => a.period - b.period || clockOrder(a, b) || a.id - b.id;

export function applyDeltaToShotMap(doc: FootballShotMap, delta: MatchCentreDelta): FootballShotMap {
  if (delta.match_id !== doc.match_id || (delta.shots === undefined && delta.xg_points === undefined && delta.status === doc.status)) return doc;
  return {
    ...doc,
    status: delta.status,
    shots: upsert(doc.shots, delta.shots, (shot) => String(shot.id), (a, b) => clockOrder(a, b) || a.id - b.id),
    xg_timeline: upsert(doc.xg_timeline, delta.xg_points, (point) => String(point.shot_id), (a, b) => clockOrder(a, b) || a.shot_id - b.shot_id),
    home_xg: delta.home_xg ?? doc.home_xg,
    away_xg: delta.away_xg ?? doc.away_xg,
  };
}

export function applyDeltaToMomentum(doc: FootballMomentum, delta: MatchCentreDelta): FootballMomentum {
  if (delta.match_id !== doc.match_id || (delta.momentum === undefined && delta.goals === undefined && delta.status === doc.status)) return doc;
  return {
    ...doc,
    status: delta.status,
    buckets: upsert(doc.buckets, delta.momentum, (bucket) => `${bucket.minute}+${bucket.extra}`, (a, b) => a.period - b.period || clockOrder(a, b)),
    goals: upsert(doc.goals, delta.goals, (goal) => `${goal.minute}+${goal.extra}:${goal.second}:${goal.side}:${goal.player_zh}`, clockOrder),
  };
}

/** A player's rating and line with a change applied (the same object when it has nothing). */
function patched<Line extends { rating: number | null; stats: FootballPlayerRatings['players'][number]['stats'] }>(line: Line, change: PlayerRatingChange | undefined): Line {
  if (change === undefined || (change.rating === undefined && change.stats === undefined)) return line;
  return { ...line, ...(change.rating === undefined ? {} : { rating: change.rating }), ...(change.stats === undefined ? {} : { stats: { ...line.stats, ...change.stats } }) };
}

function changesOf(delta: MatchCentreDelta): Map<number, PlayerRatingChange> {
  return new Map((delta.rating_changes ?? []).map((change) => [change.player_id, change]));
}

export function applyDeltaToRatings(doc: FootballPlayerRatings, delta: MatchCentreDelta): FootballPlayerRatings {
  if (delta.match_id !== doc.match_id || (delta.ratings === undefined && delta.rating_changes === undefined && delta.status === doc.status)) return doc;
  const changes = changesOf(delta);
  const players = upsert(
    changes.size === 0 ? doc.players : doc.players.map((player) => patched(player, changes.get(player.player_id))),
    delta.ratings,
    (player) => String(player.player_id),
  ).sort((a, b) => (b.rating ?? -1) - (a.rating ?? -1) || a.player_id - b.player_id);
  const best = players.find((player) => player.rating !== null);
  return { ...doc, status: delta.status, players, best_player_id: best?.player_id ?? null };
}

export function applyDeltaToLineups(doc: FootballLineups, delta: MatchCentreDelta): FootballLineups {
  if (delta.match_id !== doc.match_id || (delta.ratings === undefined && delta.rating_changes === undefined && delta.lineup === undefined && delta.events === undefined && delta.status === doc.status)) return doc;
  const ratings = new Map((delta.ratings ?? []).map((rating) => [rating.player_id, rating]));
  const changes = changesOf(delta);
  const moves = new Map((delta.lineup ?? []).map((move) => [move.player_id, move]));
  const player = (line: LineupPlayer): LineupPlayer => {
    const rating = ratings.get(line.player_id);
    const move = moves.get(line.player_id);
    const change = changes.get(line.player_id);
    if (rating === undefined && move === undefined && change === undefined) return line;
    const moved = { ...line, ...(rating === undefined ? {} : { rating: rating.rating, stats: rating.stats }), ...(move === undefined ? {} : { on_minute: move.on_minute, off_minute: move.off_minute }) };
    return patched(moved, change);
  };
  const team = (lineup: TeamLineup): TeamLineup => {
    const substitutes = lineup.substitutes.map(player);
    const cameOn = substitutes.filter((line) => line.on_minute !== null).sort((a, b) => (a.on_minute ?? 0) - (b.on_minute ?? 0));
    return {
      ...lineup,
      starters: lineup.starters.map(player),
      substitutes: [...cameOn, ...substitutes.filter((line) => line.on_minute === null)],
      substitutions_made: cameOn.length,
    };
  };
  const events = delta.events === undefined ? doc.events : upsert(doc.events ?? [], delta.events, (event) => String(event.id), pitchEventOrder);
  return { ...doc, status: delta.status, home: team(doc.home), away: team(doc.away), ...(events === undefined ? {} : { events }) };
}

export function applyDeltaToBoxScore(doc: BasketballBoxScore, delta: MatchCentreDelta): BasketballBoxScore {
  if (delta.match_id !== doc.match_id || (delta.box === undefined && delta.box_changes === undefined && delta.period_scores === undefined && delta.status === doc.status)) return doc;
  const team = (box: BoxScoreTeam): BoxScoreTeam => {
    const lines = (delta.box ?? []).filter((line) => line.side === box.side).map((line) => line.player);
    const changes = new Map((delta.box_changes ?? []).filter((change) => change.side === box.side).map((change) => [change.player_id, change]));
    if (lines.length === 0 && changes.size === 0) return box;
    const patchedLines = changes.size === 0 ? box.players : box.players.map((line) => patchedBoxLine(line, changes.get(line.player_id)));
    const players = upsert(patchedLines, lines, (line) => String(line.player_id));
    return { ...box, players, totals: sumBasketballLines(players.map((line) => line.stats)) };
  };
  return { ...doc, status: delta.status, period_scores: delta.period_scores ?? doc.period_scores, home: team(doc.home), away: team(doc.away) };
}

/** A box-score line with a change applied (the same object when it has nothing). */
function patchedBoxLine(line: BoxScorePlayer, change: BoxLineChange | undefined): BoxScorePlayer {
  if (change === undefined || (change.on_court === undefined && change.fouled_out === undefined && change.stats === undefined)) return line;
  return {
    ...line,
    ...(change.on_court === undefined ? {} : { on_court: change.on_court }),
    ...(change.fouled_out === undefined ? {} : { fouled_out: change.fouled_out }),
    ...(change.stats === undefined ? {} : { stats: { ...line.stats, ...change.stats } }),
  };
}

export function applyDeltaToShotChart(doc: BasketballShotChart, delta: MatchCentreDelta): BasketballShotChart {
  if (delta.match_id !== doc.match_id || (delta.basketball_shots === undefined && delta.status === doc.status)) return doc;
  return { ...doc, status: delta.status, shots: upsert(doc.shots, delta.basketball_shots, (shot) => String(shot.id), (a, b) => a.id - b.id) };
}

export function applyDeltaToLeadTracker(doc: BasketballLeadTracker, delta: MatchCentreDelta): BasketballLeadTracker {
  if (delta.match_id !== doc.match_id || (delta.lead_points === undefined && delta.runs === undefined && delta.status === doc.status)) return doc;
  const points = upsert(doc.points, delta.lead_points, (point) => `${point.elapsed_seconds}:${point.home_score}:${point.away_score}`, (a, b) => a.elapsed_seconds - b.elapsed_seconds || a.home_score + a.away_score - (b.home_score + b.away_score));
  return {
    ...doc,
    status: delta.status,
    points,
    game_seconds: Math.max(doc.game_seconds, points.at(-1)?.elapsed_seconds ?? 0),
    runs: delta.runs ?? doc.runs,
    largest_lead: delta.largest_lead ?? doc.largest_lead,
    lead_changes: delta.lead_changes ?? doc.lead_changes,
    ties: delta.ties ?? doc.ties,
  };
}

/** A team's totals: every count added, plus_minus too. */
export function sumBasketballLines(lines: readonly BoxScoreTeam['totals'][]): BoxScoreTeam['totals'] {
  const total: BoxScoreTeam['totals'] = { seconds: 0, points: 0, fgm: 0, fga: 0, tpm: 0, tpa: 0, ftm: 0, fta: 0, rebounds: 0, assists: 0, steals: 0, blocks: 0, turnovers: 0, fouls: 0, plus_minus: 0 };
  for (const line of lines) for (const key of Object.keys(total) as (keyof typeof total)[]) total[key] += line[key];
  return total;
}

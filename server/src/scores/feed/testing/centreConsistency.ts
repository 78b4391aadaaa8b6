import { COURTS, isThreePointSpot } from '@sports/shared/server';
import { FOUL_OUT, courtOf } from '../../matchCentre/court';
import { FORMATIONS } from '../engine/footballCentre';
import type { FeedAction, FeedBatch, FeedFixture, FeedLineup, FeedMatchState, FeedPlayerLine, FeedStatistic } from '../matchFeed';

/**
 * The match centre's data of a demo run (issue 36), gathered per match, and the checks that it
 * agrees with itself and with the score: the shot map's goals are the score, the players' points
 * are the team's, the minutes add up, a three is taken from beyond the arc, the team statistics
 * are the players' and the actions' sums.
 */
export interface CentreRecord {
  lineups: Map<string, FeedLineup[]>;
  actions: Map<string, FeedAction[]>;
  /** Each player's last line, by match then `side:shirt`. */
  lines: Map<string, Map<string, FeedPlayerLine>>;
  statistics: Map<string, FeedStatistic[]>;
}

export function centreRecordOf(batches: readonly FeedBatch[]): CentreRecord {
  const record: CentreRecord = { lineups: new Map(), actions: new Map(), lines: new Map(), statistics: new Map() };
  for (const batch of batches) {
    for (const lineup of batch.lineups ?? []) record.lineups.set(lineup.matchKey, [...(record.lineups.get(lineup.matchKey) ?? []), lineup]);
    for (const action of batch.actions ?? []) record.actions.set(action.matchKey, [...(record.actions.get(action.matchKey) ?? []), action]);
    for (const line of batch.playerLines ?? []) {
      let lines = record.lines.get(line.matchKey);
      if (lines === undefined) {
        lines = new Map();
        record.lines.set(line.matchKey, lines);
      }
      lines.set(`${line.side}:${line.shirt_number}`, line);
    }
    for (const { matchKey, statistics } of batch.statistics) record.statistics.set(matchKey, statistics);
  }
  return record;
}

type Side = 'home' | 'away';
const SIDES: readonly Side[] = ['home', 'away'];

function statistic(statistics: readonly FeedStatistic[], kind: string, side: Side): number | undefined {
  const found = statistics.find((entry) => entry.kind === kind);
  return found === undefined ? undefined : found[side];
}

export function checkFootballCentre(key: string, state: FeedMatchState, record: CentreRecord): string[] {
  const problems: string[] = [];
  const actions = record.actions.get(key) ?? [];
  const lines = [...(record.lines.get(key)?.values() ?? [])];
  const statistics = record.statistics.get(key) ?? [];
  const lineups = record.lineups.get(key) ?? [];
  if (lineups.length !== 2) problems.push(`${key}: ${lineups.length} lineups`);
  for (const lineup of lineups) {
    const starters = lineup.players.filter((player) => player.starter);
    const lines = FORMATIONS[lineup.formation ?? ''];
    if (lines === undefined) problems.push(`${key}: formation ${lineup.formation}`);
    else if (1 + lines.reduce((sum, line) => sum + line.count, 0) !== starters.length || starters.length !== 11) problems.push(`${key}: ${starters.length} starters in a ${lineup.formation}`);
  }
  for (const side of SIDES) {
    const shots = actions.filter((action) => action.kind === 'shot' && action.side === side);
    const goals = shots.filter((shot) => shot.outcome === 'goal').length;
    if (goals !== state[`${side}_score`]) problems.push(`${key}: ${side} scored ${state[`${side}_score`]} but the shot map has ${goals} goals`);
    const onTarget = shots.filter((shot) => shot.outcome === 'goal' || shot.outcome === 'saved').length;
    if (statistic(statistics, 'shots', side) !== shots.length) problems.push(`${key}: ${side} shots ${statistic(statistics, 'shots', side)}, the map ${shots.length}`);
    if (statistic(statistics, 'shots_on_target', side) !== onTarget) problems.push(`${key}: ${side} shots on target ${statistic(statistics, 'shots_on_target', side)}, the map ${onTarget}`);
    const corners = actions.filter((action) => action.kind === 'corner' && action.side === side).length;
    if (corners !== state[`${side}_corner`]) problems.push(`${key}: ${side} corners ${state[`${side}_corner`]}, actions ${corners}`);
    const counted = (kind: FeedAction['kind']) => actions.filter((action) => action.kind === kind && action.side === side).reduce((sum, action) => sum + action.count, 0);
    if (counted('final_third') !== statistic(statistics, 'attacks', side)) problems.push(`${key}: ${side} final-third entries ${counted('final_third')}, attacks ${statistic(statistics, 'attacks', side)}`);
    if (counted('dangerous_attack') !== statistic(statistics, 'dangerous_attacks', side)) problems.push(`${key}: ${side} dangerous attacks do not add up`);
    for (const shot of shots) {
      if ((shot.x ?? -1) < 0 || (shot.x ?? 999) > 105 || (shot.y ?? -1) < 0 || (shot.y ?? 999) > 68 || (shot.xg ?? -1) < 0 || (shot.xg ?? 2) > 1) problems.push(`${key}: shot ${shot.key} at ${shot.x},${shot.y} xG ${shot.xg}`);
    }
    const own = lines.filter((line) => line.side === side);
    const other = lines.filter((line) => line.side !== side);
    const scored = own.reduce((sum, line) => sum + (line.football?.goals ?? 0), 0) + other.reduce((sum, line) => sum + (line.football?.own_goals ?? 0), 0);
    if (scored !== state[`${side}_score`]) problems.push(`${key}: ${side} players' goals (and the other side's own goals) ${scored}, the score ${state[`${side}_score`]}`);
    const playerShots = own.reduce((sum, line) => sum + (line.football?.shots ?? 0), 0);
    const ownGoalShots = shots.filter((shot) => shot.situation === 'own_goal').length;
    if (playerShots !== shots.length - ownGoalShots) problems.push(`${key}: ${side} players' shots ${playerShots}, the map ${shots.length - ownGoalShots}`);
    const cameOn = own.filter((line) => !line.starter && line.on_minute !== null);
    if (cameOn.length > 5) problems.push(`${key}: ${side} made ${cameOn.length} substitutions`);
    const windows = new Set(cameOn.map((line) => line.on_minute).filter((minute) => minute !== 46));
    if (windows.size > 3) problems.push(`${key}: ${side} substituted in ${windows.size} windows besides half-time`);
  }
  return problems;
}

export function checkBasketballCentre(fixture: FeedFixture, state: FeedMatchState, record: CentreRecord, periodMinutes: number): string[] {
  const key = fixture.key;
  const problems: string[] = [];
  const court = courtOf(fixture.competition.name_zh);
  const geometry = COURTS[court];
  const actions = record.actions.get(key) ?? [];
  const lines = [...(record.lines.get(key)?.values() ?? [])];
  const statistics = record.statistics.get(key) ?? [];
  const periods = state.period_scores.length;
  const gameSeconds = (Math.min(periods, 4) * periodMinutes + Math.max(0, periods - 4) * 5) * 60;
  for (const side of SIDES) {
    const index = side === 'home' ? 0 : 1;
    const byQuarter = state.period_scores.reduce((sum, period) => sum + period[index], 0);
    const own = lines.filter((line) => line.side === side);
    const total = (field: keyof NonNullable<FeedPlayerLine['basketball']>) => own.reduce((sum, line) => sum + (line.basketball?.[field] ?? 0), 0);
    const made = actions.filter((action) => action.side === side && action.made === true).reduce((sum, action) => sum + (action.points ?? 0), 0);
    const score = state[`${side}_score`];
    if (total('points') !== score || byQuarter !== score || made !== score) problems.push(`${key}: ${side} score ${score}, players ${total('points')}, quarters ${byQuarter}, shots ${made}`);
    if (total('seconds') !== 5 * gameSeconds) problems.push(`${key}: ${side} played ${total('seconds')} s, 5 x ${gameSeconds} expected`);
    if (total('fgm') !== statistic(statistics, 'field_goals', side)) problems.push(`${key}: ${side} field goals ${total('fgm')} vs ${statistic(statistics, 'field_goals', side)}`);
    if (total('tpm') !== statistic(statistics, 'three_pointers', side)) problems.push(`${key}: ${side} threes ${total('tpm')} vs ${statistic(statistics, 'three_pointers', side)}`);
    if (total('ftm') !== statistic(statistics, 'free_throws', side)) problems.push(`${key}: ${side} free throws ${total('ftm')} vs ${statistic(statistics, 'free_throws', side)}`);
    for (const kind of ['rebounds', 'assists', 'steals', 'blocks', 'turnovers', 'fouls'] as const) {
      if (total(kind) !== statistic(statistics, kind, side)) problems.push(`${key}: ${side} ${kind} ${total(kind)} vs ${statistic(statistics, kind, side)}`);
    }
    const fieldGoals = actions.filter((action) => action.side === side && action.kind === 'field_goal');
    if (fieldGoals.length !== total('fga')) problems.push(`${key}: ${side} ${fieldGoals.length} field-goal attempts on the chart, ${total('fga')} in the box`);
    for (const shot of fieldGoals) {
      if (isThreePointSpot(geometry, shot.x ?? 0, shot.y ?? 0) !== (shot.points === 3)) problems.push(`${key}: a ${shot.points} from ${shot.x},${shot.y} on a ${court} court`);
    }
    for (const line of own) if ((line.basketball?.fouls ?? 0) > FOUL_OUT[court]) problems.push(`${key}: ${side} #${line.shirt_number} has ${line.basketball?.fouls} fouls`);
  }
  return problems;
}

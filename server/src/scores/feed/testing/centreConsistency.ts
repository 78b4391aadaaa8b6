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
    const sideActions = actions.filter((action) => action.side === side);
    const cards = (...colours: string[]) => sideActions.filter((action) => action.kind === 'card' && colours.includes(action.card ?? '')).length;
    if (cards('yellow', 'second_yellow') !== statistic(statistics, 'yellow_cards', side)) problems.push(`${key}: ${side} yellow cards ${statistic(statistics, 'yellow_cards', side)}, actions ${cards('yellow', 'second_yellow')}`);
    if (cards('second_yellow', 'red') !== statistic(statistics, 'red_cards', side)) problems.push(`${key}: ${side} red cards ${statistic(statistics, 'red_cards', side)}, actions ${cards('second_yellow', 'red')}`);
    const fouls = sideActions.filter((action) => action.kind === 'foul').length + cards('yellow', 'second_yellow');
    const playerFouls = own.reduce((sum, line) => sum + (line.football?.fouls ?? 0), 0);
    if (fouls !== statistic(statistics, 'fouls', side) || playerFouls !== fouls) problems.push(`${key}: ${side} fouls ${statistic(statistics, 'fouls', side)}, actions ${fouls}, players ${playerFouls}`);
    const substitutions = sideActions.filter((action) => action.kind === 'substitution').length;
    if (substitutions !== cameOn.length) problems.push(`${key}: ${side} ${substitutions} substitutions as actions, ${cameOn.length} came on`);
  }
  problems.push(...checkFootballEvents(key, actions, lineups));
  return problems;
}

/**
 * Every football action has its second and a place on the 105 x 68 pitch; in the order the feed
 * sent them, a card's or a foul's player is on the pitch, a substitution takes off a player who was
 * on (never one who came on as a substitute: a coach hardly ever does, and the demo never) and
 * brings on one from the bench, and a red card takes him off.
 */
export function checkFootballEvents(key: string, actions: readonly FeedAction[], lineups: readonly FeedLineup[]): string[] {
  const problems: string[] = [];
  const onPitch = new Map<Side, Set<number>>(SIDES.map((side) => [side, new Set()]));
  const bench = new Map<Side, Set<number>>(SIDES.map((side) => [side, new Set()]));
  const cameOn = new Map<Side, Set<number>>(SIDES.map((side) => [side, new Set()]));
  for (const lineup of lineups) for (const player of lineup.players) (player.starter ? onPitch : bench).get(lineup.side)?.add(player.shirt_number);
  for (const action of actions) {
    const where = `${key}: ${action.kind} ${action.key} (${action.side} #${action.shirt_number ?? '-'}, ${action.minute}'${action.second}")`;
    if (!Number.isInteger(action.second) || action.second < 0 || action.second > 59) problems.push(`${where} at second ${action.second}`);
    if (action.x === null || action.y === null || action.x < 0 || action.x > 105 || action.y < 0 || action.y > 68) problems.push(`${where} at ${action.x},${action.y}`);
    if (action.kind !== 'card' && action.kind !== 'foul' && action.kind !== 'substitution') continue;
    const pitch = onPitch.get(action.side) as Set<number>;
    const shirt = action.shirt_number;
    if (shirt === null || action.player_zh === '') problems.push(`${where} without a player`);
    else if (!pitch.has(shirt)) problems.push(`${where}: not on the pitch`);
    if (action.kind === 'card' && (action.card === 'red' || action.card === 'second_yellow') && shirt !== null) pitch.delete(shirt);
    if (action.kind === 'substitution') {
      const coming = action.in_shirt_number ?? null;
      const waiting = bench.get(action.side) as Set<number>;
      if (coming === null || !waiting.has(coming) || (action.player_in_zh ?? '') === '') problems.push(`${where}: #${coming} was not on the bench`);
      const substitutes = cameOn.get(action.side) as Set<number>;
      if (shirt !== null && substitutes.has(shirt)) problems.push(`${where}: took off #${shirt}, who had come on as a substitute`);
      if (shirt !== null) pitch.delete(shirt);
      if (coming !== null) {
        waiting.delete(coming);
        pitch.add(coming);
        substitutes.add(coming);
      }
    }
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

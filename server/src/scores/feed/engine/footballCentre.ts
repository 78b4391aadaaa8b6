import { type CardKind, type FootballPlayerStats, PITCH_LENGTH, PITCH_WIDTH, type ShotOutcome, type ShotSituation } from '@sports/shared/server';
import { emptyFootballStats } from '../../matchCentre/ratings';
import { xgOf } from '../../matchCentre/xgModel';
import type { FeedAction, FeedLineup, FeedPlayer, FeedPlayerLine } from '../matchFeed';
import { feedAction } from './feedAction';
import { pickWeighted } from './pickPlayer';
import type { Rng } from './prng';

type Side = 'home' | 'away';

/**
 * Formations the demo coaches pick, each line from the back: its position and how many. Slots are
 * drawn 0..100 (x from the own goal line, y across from the left touchline).
 */
export const FORMATIONS: Record<string, readonly { position: 'DF' | 'MF' | 'FW'; count: number; x: number }[]> = {
  '4-4-2': [
    { position: 'DF', count: 4, x: 25 },
    { position: 'MF', count: 4, x: 52 },
    { position: 'FW', count: 2, x: 78 },
  ],
  '4-3-3': [
    { position: 'DF', count: 4, x: 25 },
    { position: 'MF', count: 3, x: 50 },
    { position: 'FW', count: 3, x: 78 },
  ],
  '4-2-3-1': [
    { position: 'DF', count: 4, x: 24 },
    { position: 'MF', count: 2, x: 42 },
    { position: 'MF', count: 3, x: 62 },
    { position: 'FW', count: 1, x: 82 },
  ],
  '3-5-2': [
    { position: 'DF', count: 3, x: 25 },
    { position: 'MF', count: 5, x: 52 },
    { position: 'FW', count: 2, x: 78 },
  ],
};
export const FORMATION_NAMES = Object.keys(FORMATIONS);

export interface Slotted {
  player: FeedPlayer;
  slot_x: number;
  slot_y: number;
}

/** The XI of a formation from a squad (roster order within each position), with their slots. */
export function startingEleven(players: readonly FeedPlayer[], formation: string): Slotted[] {
  const lines = FORMATIONS[formation] ?? FORMATIONS['4-4-2'] ?? [];
  const taken = new Set<FeedPlayer>();
  const take = (position: string, count: number) => {
    const chosen = players.filter((player) => player.position === position && !taken.has(player)).slice(0, count);
    for (const player of chosen) taken.add(player);
    return chosen;
  };
  const eleven: Slotted[] = take('GK', 1).map((player) => ({ player, slot_x: 5, slot_y: 50 }));
  for (const line of lines) {
    const chosen = take(line.position, line.count);
    chosen.forEach((player, index) => eleven.push({ player, slot_x: line.x, slot_y: Math.round(((index + 1) / (chosen.length + 1)) * 100) }));
  }
  return eleven;
}

interface Line {
  side: Side;
  player: FeedPlayer;
  starter: boolean;
  on_minute: number | null;
  off_minute: number | null;
  stats: FootballPlayerStats;
}

/** Passes a minute by position at an even share of the ball, and how many of them arrive. */
const PASSES_PER_MINUTE: Record<string, number> = { GK: 0.3, DF: 0.6, MF: 0.75, FW: 0.38 };
const PASS_COMPLETION: Record<string, number> = { GK: 0.72, DF: 0.86, MF: 0.84, FW: 0.74 };
const TACKLES_PER_MINUTE: Record<string, number> = { GK: 0, DF: 0.03, MF: 0.025, FW: 0.008 };
const INTERCEPTIONS_PER_MINUTE: Record<string, number> = { GK: 0.004, DF: 0.025, MF: 0.015, FW: 0.004 };
const SHOOTERS: Record<string, number> = { FW: 5, MF: 3, DF: 1, GK: 0 };

export interface CentreClock {
  period: number;
  minute: number;
  extra: number;
  home_score: number;
  away_score: number;
}

/**
 * The match centre's side of a football simulation: the lineups, each player's line (minutes,
 * shots, xG, passes, touches, tackles, saves, cards, goals conceded…) and the play-by-play
 * actions with places (shots with xG, final-third entries, dangerous attacks, corners). It draws
 * on its own generators, so the match's score, cards and prices are the same with it or without.
 */
export class FootballCentre {
  private readonly lines = new Map<string, Line>();
  private readonly onPitch: Record<Side, Set<FeedPlayer>> = { home: new Set(), away: new Set() };
  private actionCount = 0;
  readonly formations: Record<Side, string>;

  constructor(
    private readonly matchKey: string,
    private readonly elevens: Record<Side, Slotted[]>,
    private readonly benches: Record<Side, FeedPlayer[]>,
    formations: Record<Side, string>,
  ) {
    this.formations = formations;
    for (const side of ['home', 'away'] as const) {
      for (const { player } of elevens[side]) {
        this.lines.set(lineKey(side, player), { side, player, starter: true, on_minute: null, off_minute: null, stats: emptyFootballStats() });
        this.onPitch[side].add(player);
      }
      for (const player of benches[side]) this.lines.set(lineKey(side, player), { side, player, starter: false, on_minute: null, off_minute: null, stats: emptyFootballStats() });
    }
  }

  lineups(): FeedLineup[] {
    return (['home', 'away'] as const).map((side) => ({
      matchKey: this.matchKey,
      side,
      formation: this.formations[side],
      players: [
        ...this.elevens[side].map(({ player, slot_x, slot_y }) => ({ shirt_number: player.shirt_number, starter: true, slot_x, slot_y })),
        ...this.benches[side].map((player) => ({ shirt_number: player.shirt_number, starter: false, slot_x: null, slot_y: null })),
      ],
    }));
  }

  /** Each player's line as it stands at `playedMinute` (minutes on the pitch counted up to it). */
  playerLines(playedMinute: number): FeedPlayerLine[] {
    return [...this.lines.values()].map((line) => {
      const played = line.starter || line.on_minute !== null;
      const from = line.on_minute ?? 0;
      const to = line.off_minute ?? playedMinute;
      return {
        matchKey: this.matchKey,
        side: line.side,
        shirt_number: line.player.shirt_number,
        starter: line.starter,
        on_minute: line.on_minute,
        off_minute: line.off_minute,
        on_court: this.onPitch[line.side].has(line.player),
        fouled_out: false,
        football: { ...line.stats, minutes: played ? Math.max(0, to - from) : 0, xg: Math.round(line.stats.xg * 1000) / 1000 },
        basketball: null,
      };
    });
  }

  /** A minute of open play: each player on the pitch passes, touches, tackles; the side's counts become actions. */
  playMinute(rng: Rng, clock: CentreClock, possession: number, counts: Record<Side, { attacks: number; dangerous: number; shots: number; onTarget: number; fouls: number }>, at: (second: number) => Date): FeedAction[] {
    const actions: FeedAction[] = [];
    for (const side of ['home', 'away'] as const) {
      const share = (side === 'home' ? possession : 100 - possession) / 50;
      for (const player of this.onPitch[side]) {
        const stats = this.line(side, player).stats;
        const passes = rng.poisson((PASSES_PER_MINUTE[player.position] ?? 0.5) * share);
        let completed = 0;
        for (let pass = 0; pass < passes; pass += 1) if (rng.chance(PASS_COMPLETION[player.position] ?? 0.8)) completed += 1;
        stats.passes += passes;
        stats.passes_completed += completed;
        stats.touches += passes + rng.poisson(0.3 * share);
        stats.tackles += rng.poisson(TACKLES_PER_MINUTE[player.position] ?? 0.01);
        stats.interceptions += rng.poisson(INTERCEPTIONS_PER_MINUTE[player.position] ?? 0.01);
      }
      const count = counts[side];
      const second = () => rng.int(1, 59);
      for (let foul = 0; foul < count.fouls; foul += 1) {
        const fouler = pick(rng, [...this.onPitch[side]], (player) => (player.position === 'GK' ? 0 : 1));
        if (fouler === undefined) continue;
        this.line(side, fouler).stats.fouls += 1;
        actions.push(this.action(side, fouler, 'foul', clock, second(), at, offenceSpot(rng, fouler)));
      }
      if (count.attacks > 0) actions.push(this.action(side, null, 'final_third', clock, second(), at, { count: count.attacks, x: 70, y: PITCH_WIDTH / 2 }));
      if (count.dangerous > 0) actions.push(this.action(side, null, 'dangerous_attack', clock, second(), at, { count: count.dangerous, x: 88, y: PITCH_WIDTH / 2 }));
      for (let shot = 0; shot < count.shots; shot += 1) actions.push(this.shot(rng, side, clock, second(), at, shot < count.onTarget ? 'saved' : missOutcome(rng)));
    }
    return actions;
  }

  corner(rng: Rng, side: Side, clock: CentreClock, at: (second: number) => Date): FeedAction {
    return this.action(side, null, 'corner', clock, rng.int(1, 59), at, { x: PITCH_LENGTH, y: rng.chance(0.5) ? 0 : PITCH_WIDTH });
  }

  /**
   * A goal as a shot on the map: the scorer's (or for an own goal the defender's) line, an
   * assist now and then, and every player of the other side on the pitch concedes it.
   */
  goal(rng: Rng, side: Side, scorer: FeedPlayer | undefined, detail: string | null, clock: CentreClock, second: number, at: (second: number) => Date): FeedAction {
    const other: Side = side === 'home' ? 'away' : 'home';
    const situation: ShotSituation = detail === 'own_goal' ? 'own_goal' : detail === 'penalty' ? 'penalty' : rng.chance(0.2) ? 'set_piece' : 'open_play';
    const action = this.shot(rng, side, clock, second, at, 'goal', scorer, situation);
    if (situation === 'own_goal') {
      if (scorer !== undefined) this.line(other, scorer).stats.own_goals += 1;
    } else if (situation !== 'penalty' && rng.chance(0.75)) {
      const assister = pick(rng, [...this.onPitch[side]].filter((player) => player !== scorer), (player) => (player.position === 'GK' ? 0.1 : player.position === 'DF' ? 1 : 3));
      if (assister !== undefined) {
        const stats = this.line(side, assister).stats;
        stats.assists += 1;
        stats.key_passes += 1;
      }
    }
    for (const player of this.onPitch[other]) this.line(other, player).stats.goals_conceded += 1;
    return action;
  }

  /** A booking: a yellow and a foul on his line. */
  booking(side: Side, player: FeedPlayer): void {
    const stats = this.line(side, player).stats;
    stats.yellow += 1;
    stats.fouls += 1;
  }

  /**
   * A card as an action where the offence was (before a sending-off takes him off: the player is
   * on the pitch when it is shown).
   */
  card(rng: Rng, side: Side, player: FeedPlayer, card: CardKind, clock: CentreClock, second: number, at: (second: number) => Date): FeedAction {
    return this.action(side, player, 'card', clock, second, at, { ...offenceSpot(rng, player), card });
  }

  sendOff(side: Side, player: FeedPlayer, minute: number): void {
    const line = this.line(side, player);
    line.stats.red += 1;
    line.off_minute = minute;
    this.onPitch[side].delete(player);
  }

  /** A change: the lines' minutes, who is on the pitch, and the action (at the halfway line by the touchline). */
  substitution(side: Side, leaving: FeedPlayer, coming: FeedPlayer, clock: CentreClock, playedMinute: number, second: number, at: (second: number) => Date): FeedAction {
    const action = this.action(side, leaving, 'substitution', clock, second, at, { x: PITCH_LENGTH / 2, y: 0, in_shirt_number: coming.shirt_number, player_in_zh: coming.name_zh });
    this.line(side, leaving).off_minute = playedMinute;
    this.line(side, coming).on_minute = playedMinute;
    this.onPitch[side].delete(leaving);
    this.onPitch[side].add(coming);
    return action;
  }

  private shot(rng: Rng, side: Side, clock: CentreClock, second: number, at: (second: number) => Date, outcome: ShotOutcome, who?: FeedPlayer, situation?: ShotSituation): FeedAction {
    const other: Side = side === 'home' ? 'away' : 'home';
    const kind: ShotSituation = situation ?? (rng.chance(0.2) ? 'set_piece' : 'open_play');
    const shooter = who ?? pick(rng, [...this.onPitch[side]], (player) => SHOOTERS[player.position] ?? 1);
    const spot = shotSpot(rng, kind, outcome === 'goal');
    const xg = xgOf({ ...spot, situation: kind });
    if (kind !== 'own_goal' && shooter !== undefined) {
      const stats = this.line(side, shooter).stats;
      stats.shots += 1;
      if (outcome === 'goal' || outcome === 'saved') stats.shots_on_target += 1;
      if (outcome === 'goal') stats.goals += 1;
      stats.xg += xg;
      stats.touches += 1;
    }
    if (outcome === 'saved') {
      const keeper = [...this.onPitch[other]].find((player) => player.position === 'GK');
      if (keeper !== undefined) this.line(other, keeper).stats.saves += 1;
    }
    return this.action(side, shooter ?? null, 'shot', clock, second, at, { x: spot.x, y: spot.y, xg, outcome, head: spot.head, situation: kind });
  }

  private action(side: Side, player: FeedPlayer | null, kind: FeedAction['kind'], clock: CentreClock, second: number, at: (second: number) => Date, fields: Partial<FeedAction>): FeedAction {
    this.actionCount += 1;
    const moment = { key: `${this.matchKey}:a${this.actionCount}`, matchKey: this.matchKey, side, kind, period: clock.period, minute: clock.minute, extra: clock.extra, second, clock_seconds: null };
    return feedAction({ ...moment, home_score: clock.home_score, away_score: clock.away_score, occurred_at: at(second) }, player, fields);
  }

  private line(side: Side, player: FeedPlayer): Line {
    const key = lineKey(side, player);
    let line = this.lines.get(key);
    if (line === undefined) {
      line = { side, player, starter: false, on_minute: null, off_minute: null, stats: emptyFootballStats() };
      this.lines.set(key, line);
    }
    return line;
  }
}

function lineKey(side: Side, player: FeedPlayer): string {
  return `${side}:${player.shirt_number}`;
}

function missOutcome(rng: Rng): ShotOutcome {
  const roll = rng.next();
  return roll < 0.35 ? 'blocked' : roll < 0.43 ? 'woodwork' : 'missed';
}

/** Where a shot is taken from: goals closer in than other shots; a penalty from the spot. */
function shotSpot(rng: Rng, situation: ShotSituation, goal: boolean): { x: number; y: number; head: boolean } {
  if (situation === 'penalty') return { x: PITCH_LENGTH - 11, y: PITCH_WIDTH / 2, head: false };
  const distance = situation === 'own_goal' ? 2 + rng.next() * 6 : goal ? 5 + 15 * rng.next() ** 1.6 : 6 + 24 * rng.next() ** 1.2;
  const across = (rng.next() - 0.5) * 2 * Math.min(distance * 0.8, 30);
  const out = Math.sqrt(Math.max(1, distance * distance - across * across));
  const head = distance < 14 && rng.chance(0.2);
  return { x: round1(PITCH_LENGTH - out), y: round1(Math.min(PITCH_WIDTH, Math.max(0, PITCH_WIDTH / 2 + across))), head };
}

/** Where a player commits a foul: about his line's depth (in metres up his team's attacking direction), anywhere across. */
const OFFENCE_DEPTH: Record<string, number> = { GK: 8, DF: 30, MF: 52, FW: 75 };
function offenceSpot(rng: Rng, player: FeedPlayer): { x: number; y: number } {
  const depth = (OFFENCE_DEPTH[player.position] ?? 52) + (rng.next() - 0.5) * 30;
  return { x: round1(Math.min(PITCH_LENGTH - 1, Math.max(1, depth))), y: round1(2 + rng.next() * (PITCH_WIDTH - 4)) };
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

function pick(rng: Rng, players: readonly FeedPlayer[], weight: (player: FeedPlayer) => number): FeedPlayer | undefined {
  return pickWeighted(players, rng.next(), weight);
}

import { type BasketballPlayerStats, COURTS, type CourtGeometry, type CourtKind, isThreePointSpot } from '@sports/shared/server';
import type { FeedAction, FeedLineup, FeedPlayer, FeedPlayerLine } from '../matchFeed';
import { emptyBasketballStats } from '../../matchCentre/basketballStats';
import { FOUL_OUT } from '../../matchCentre/court';
import { feedAction } from './feedAction';
import { pickWeighted } from './pickPlayer';
import type { Rng } from './prng';

type Side = 'home' | 'away';

/** Missed field goals a game minute per side (about 42 a 48-minute game) and the share of threes among them. */
const MISSES_PER_MINUTE = 0.88;
const MISSED_THREE_SHARE = 0.45;
/** A made free throw (a 1-point play) comes with a missed one this often (1 of 2). */
const MISSED_FREE_THROW_SHARE = 0.3;



interface Line {
  side: Side;
  player: FeedPlayer;
  starter: boolean;
  stats: BasketballPlayerStats;
}

export interface CourtClock {
  period: number;
  clock_seconds: number;
  home_score: number;
  away_score: number;
}

/** Team counts of one game minute (rolled by the simulation) to hand out to the five on court. */
export interface MinuteCounts {
  rebounds: number;
  assists: number;
  steals: number;
  blocks: number;
  turnovers: number;
  fouls: number;
}

/**
 * The match centre's side of a basketball simulation: who is on court (five a side: the
 * starters, three of the bench in the middle of each period, a fouled-out player replaced),
 * each player's box-score line (seconds, points, shots, rebounds, assists, steals, blocks,
 * turnovers, fouls, plus-minus) and every shot with its place on the court. The simulation's
 * scoring plays and team counts are handed out here, so the lines always add up to the team's.
 */
export class BasketballCentre {
  private readonly lines = new Map<string, Line>();
  private readonly onCourt: Record<Side, FeedPlayer[]>;
  private readonly dirty = new Set<Line>();
  private actionCount = 0;
  readonly court: CourtGeometry;
  private readonly foulOut: number;

  constructor(
    private readonly matchKey: string,
    private readonly starters: Record<Side, FeedPlayer[]>,
    private readonly bench: Record<Side, FeedPlayer[]>,
    court: CourtKind,
  ) {
    this.court = COURTS[court];
    this.foulOut = FOUL_OUT[court];
    this.onCourt = { home: [...starters.home], away: [...starters.away] };
    for (const side of ['home', 'away'] as const) {
      for (const player of starters[side]) this.lines.set(key(side, player), { side, player, starter: true, stats: emptyBasketballStats() });
      for (const player of bench[side]) this.lines.set(key(side, player), { side, player, starter: false, stats: emptyBasketballStats() });
    }
  }

  lineups(): FeedLineup[] {
    return (['home', 'away'] as const).map((side) => ({
      matchKey: this.matchKey,
      side,
      formation: null,
      players: [...this.starters[side].map((player) => ({ shirt_number: player.shirt_number, starter: true, slot_x: null, slot_y: null })), ...this.bench[side].map((player) => ({ shirt_number: player.shirt_number, starter: false, slot_x: null, slot_y: null }))],
    }));
  }

  /** The five of a side for game minute `minute` of a period of `length` minutes (then 60 s each). */
  playMinute(period: number, minute: number, length: number): void {
    for (const side of ['home', 'away'] as const) {
      const healthy = (player: FeedPlayer) => this.line(side, player).stats.fouls < this.foulOut;
      const benchUp = period <= 4 && minute >= Math.ceil(length * 0.45) && minute < Math.ceil(length * 0.8) ? 3 : 0;
      const rotation = this.bench[side].filter(healthy);
      // Each period its own three from the bench (overtimes: the starters).
      const shift = (period - 1) % Math.max(1, rotation.length);
      const comingIn = [...rotation.slice(shift), ...rotation.slice(0, shift)].slice(0, benchUp);
      // And each period other starters rest (a window of three sliding along the five).
      const starters = this.starters[side];
      const resting = new Set(Array.from({ length: benchUp }, (_, index) => starters[(period - 1 + index) % Math.max(1, starters.length)]));
      const five: FeedPlayer[] = [...starters.filter((player) => healthy(player) && !resting.has(player)), ...comingIn];
      for (const player of [...this.bench[side], ...this.starters[side]]) {
        if (five.length >= 5) break;
        if (healthy(player) && !five.includes(player)) five.push(player);
      }
      this.onCourt[side] = five.slice(0, 5);
      for (const player of this.onCourt[side]) this.touch(this.line(side, player)).stats.seconds += 60;
    }
  }

  /** Who may score a play rolled now (the simulation draws which one). */
  court5(side: Side): readonly FeedPlayer[] {
    return this.onCourt[side];
  }

  /** A made play: a free throw (1, now and then with a missed one beside it) or a field goal of 2 or 3 with its place. */
  made(rng: Rng, side: Side, points: number, scorer: FeedPlayer | undefined, clock: CourtClock, at: Date): FeedAction[] {
    const other: Side = side === 'home' ? 'away' : 'home';
    for (const player of this.onCourt[side]) this.touch(this.line(side, player)).stats.plus_minus += points;
    for (const player of this.onCourt[other]) this.touch(this.line(other, player)).stats.plus_minus -= points;
    const stats = scorer === undefined ? null : this.touch(this.line(side, scorer)).stats;
    if (stats !== null) stats.points += points;
    if (points === 1) {
      const actions = [this.action(side, scorer, 'free_throw', clock, at, { points: 1, made: true })];
      if (stats !== null) {
        stats.ftm += 1;
        stats.fta += 1;
      }
      if (rng.chance(MISSED_FREE_THROW_SHARE)) {
        if (stats !== null) stats.fta += 1;
        actions.push(this.action(side, scorer, 'free_throw', clock, at, { points: 1, made: false }));
      }
      return actions;
    }
    if (stats !== null) {
      stats.fgm += 1;
      stats.fga += 1;
      if (points === 3) {
        stats.tpm += 1;
        stats.tpa += 1;
      }
    }
    return [this.fieldGoal(rng, side, scorer, points === 3 ? 3 : 2, true, clock, at)];
  }

  /** The minute's missed field goals of a side (the rebounds are among the team's rolled counts). */
  misses(rng: Rng, side: Side, clockAt: (second: number) => { clock: CourtClock; at: Date }): FeedAction[] {
    const actions: FeedAction[] = [];
    const count = rng.poisson(MISSES_PER_MINUTE);
    for (let miss = 0; miss < count; miss += 1) {
      const shooter = pick(rng, this.onCourt[side]);
      const three = rng.chance(MISSED_THREE_SHARE);
      if (shooter !== undefined) {
        const stats = this.touch(this.line(side, shooter)).stats;
        stats.fga += 1;
        if (three) stats.tpa += 1;
      }
      const { clock, at } = clockAt(rng.int(1, 59));
      actions.push(this.fieldGoal(rng, side, shooter, three ? 3 : 2, false, clock, at));
    }
    return actions;
  }

  /**
   * The team counts the simulation rolled for a minute, handed to the five on court one by one
   * (fouls only to players not fouled out yet): the team totals stay the simulation's.
   */
  handOut(rng: Rng, side: Side, counts: MinuteCounts): void {
    const five = this.onCourt[side];
    const give = (field: keyof MinuteCounts, times: number) => {
      for (let index = 0; index < times; index += 1) {
        let player = pick(rng, five);
        if (field === 'fouls') player = pick(rng, five.filter((candidate) => this.line(side, candidate).stats.fouls < this.foulOut)) ?? player;
        if (player !== undefined) this.touch(this.line(side, player)).stats[field] += 1;
      }
    };
    for (const field of ['rebounds', 'assists', 'steals', 'blocks', 'turnovers', 'fouls'] as const) give(field, counts[field]);
  }

  /** Lines changed since the last call (or every line with `all`). */
  playerLines(all = false): FeedPlayerLine[] {
    const lines = all ? [...this.lines.values()] : [...this.dirty];
    this.dirty.clear();
    return lines.map((line) => ({
      matchKey: this.matchKey,
      side: line.side,
      shirt_number: line.player.shirt_number,
      starter: line.starter,
      on_minute: null,
      off_minute: null,
      on_court: this.onCourt[line.side].includes(line.player),
      fouled_out: line.stats.fouls >= this.foulOut,
      football: null,
      basketball: { ...line.stats },
    }));
  }

  /** Team totals of the lines. */
  totals(side: Side): BasketballPlayerStats {
    const total = emptyBasketballStats();
    for (const line of this.lines.values()) if (line.side === side) for (const field of Object.keys(total) as (keyof BasketballPlayerStats)[]) total[field] += line.stats[field];
    return total;
  }

  private fieldGoal(rng: Rng, side: Side, shooter: FeedPlayer | undefined, points: 2 | 3, made: boolean, clock: CourtClock, at: Date): FeedAction {
    const spot = courtSpot(rng, this.court, points);
    return this.action(side, shooter, 'field_goal', clock, at, { points, made, x: spot.x, y: spot.y });
  }

  private action(side: Side, player: FeedPlayer | undefined, kind: FeedAction['kind'], clock: CourtClock, at: Date, fields: Partial<FeedAction>): FeedAction {
    this.actionCount += 1;
    const moment = { key: `${this.matchKey}:a${this.actionCount}`, matchKey: this.matchKey, side, kind, period: clock.period, minute: 0, extra: 0, second: 0, clock_seconds: clock.clock_seconds };
    return feedAction({ ...moment, home_score: clock.home_score, away_score: clock.away_score, occurred_at: at }, player, fields);
  }

  private line(side: Side, player: FeedPlayer): Line {
    const found = this.lines.get(key(side, player));
    if (found !== undefined) return found;
    const line: Line = { side, player, starter: false, stats: emptyBasketballStats() };
    this.lines.set(key(side, player), line);
    return line;
  }

  private touch(line: Line): Line {
    this.dirty.add(line);
    return line;
  }
}

function key(side: Side, player: FeedPlayer): string {
  return `${side}:${player.shirt_number}`;
}

/** Anyone of `players`, evenly (one draw, none for an empty list). */
function pick(rng: Rng, players: readonly FeedPlayer[]): FeedPlayer | undefined {
  if (players.length === 0) return undefined;
  return pickWeighted(players, rng.next(), () => 1);
}

/**
 * A place on the half court for a shot of `points`: twos mostly at the rim, some in the paint,
 * some from mid-range (always inside the line); threes a quarter from the corners, the rest
 * around the arc. Checked against the court's line (isThreePointSpot), with a safe spot as a fallback.
 */
export function courtSpot(rng: Rng, court: CourtGeometry, points: 2 | 3): { x: number; y: number } {
  const centre = court.width / 2;
  let spot: { x: number; y: number };
  if (points === 3) {
    if (rng.chance(0.25)) {
      const dx = court.cornerThreeDistance + 0.15 + rng.next() * 0.3;
      spot = { x: rng.chance(0.5) ? centre - dx : centre + dx, y: 0.3 + rng.next() * Math.max(0.1, court.cornerLineY - 0.5) };
    } else {
      const radius = court.threePointRadius + 0.2 + rng.next() * 1.5;
      const limit = Math.min(Math.asin(Math.min(1, (centre - 0.3) / radius)), Math.acos(Math.min(1, (court.cornerLineY + 0.1 - court.basketY) / radius)));
      const angle = (rng.next() * 2 - 1) * limit;
      spot = { x: centre + radius * Math.sin(angle), y: court.basketY + radius * Math.cos(angle) };
    }
  } else {
    const roll = rng.next();
    const maxMid = Math.min(court.threePointRadius, court.cornerThreeDistance) - 0.3;
    const distance = roll < 0.5 ? 0.2 + rng.next() * 1.3 : roll < 0.8 ? 1.5 + rng.next() * 3 : 4.5 + rng.next() * Math.max(0.1, maxMid - 4.5);
    const angle = (rng.next() * 2 - 1) * 1.3;
    spot = { x: centre + distance * Math.sin(angle), y: Math.max(0.1, court.basketY + distance * Math.cos(angle)) };
  }
  spot = { x: Math.round(spot.x * 100) / 100, y: Math.round(spot.y * 100) / 100 };
  if (isThreePointSpot(court, spot.x, spot.y) !== (points === 3)) spot = points === 3 ? { x: centre, y: court.basketY + court.threePointRadius + 0.5 } : { x: centre, y: court.basketY + 0.5 };
  return spot;
}

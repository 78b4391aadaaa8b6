import type { CardKind } from '@sports/shared/server';
import type { FeedPlayer, FeedStatistic } from '../matchFeed';
import type { WorldTeam } from '../world/demoWorld';
import { AgendaOrder } from './agenda';
import { BaseSimulation, type SimulationContext } from './matchSimulation';
import { FOOTBALL_RATES, footballGoalRates } from './models';
import { footballFair, quote } from './oddsModel';
import { type Rng, createRng } from './prng';
import type { PlannedFixture } from './schedule';
import { type CentreClock, FORMATION_NAMES, FootballCentre, startingEleven } from './footballCentre';
import { pickWeighted } from './pickPlayer';

const MINUTE_MS = 60_000;
const HALFTIME_MINUTES = 15;
/** Books stop repricing in the last minutes (prices near 1.01 say nothing). */
const LAST_PRICED_MINUTE = 85;
/** Minutes of play, per side, in which a goal is expected at the base rate (90 + usual stoppage). */
const PLAYED_MINUTES = 95;
/** Knockouts: the break before extra time, and between its two halves of 15 minutes. */
const BEFORE_EXTRA_TIME_MINUTES = 5;
const EXTRA_TIME_BREAK_MINUTES = 1;
/** Lineups are out an hour before kick-off, as in the big leagues. */
const LINEUPS_BEFORE_MS = 60 * MINUTE_MS;
/** A shoot-out: a kick a minute; most kicks go in. */
const SHOOTOUT_CONVERSION = 0.75;

type Side = 'home' | 'away';

interface Lineup {
  onPitch: FeedPlayer[];
  bench: FeedPlayer[];
  /** Who came on as a substitute (never taken off again). */
  cameOn: Set<FeedPlayer>;
  booked: Set<string>;
  substitutionMinutes: number[];
}

interface SideStats {
  attacks: number;
  dangerous: number;
  shots: number;
  onTarget: number;
  fouls: number;
  offsides: number;
}

/**
 * A football match: 45 + stoppage, 15 minutes of half-time, 45 + stoppage; a knockout match
 * (`fixture.knockout`) level then plays extra time (periods 3 and 4: 91'-105'+, 106'-120'+) and,
 * still level, a shoot-out (period 5: five kicks each, then sudden death), kept in
 * home/away_penalty_score beside the 120 minutes' score; full time comes after. Each minute is rolled
 * on its own generator (seed, match, minute): goals at each side's rate (down a man: less),
 * cards, corners, substitutions in the usual windows, statistics; prices after every few
 * minutes per company and after every goal or red card.
 */
export class FootballSimulation extends BaseSimulation {
  private readonly rates: { home: number; away: number };
  private readonly firstHalfMinutes: number;
  private readonly secondHalfMinutes: number;
  private readonly lineups: Record<Side, Lineup>;
  private readonly stats: Record<Side, SideStats> = { home: emptyStats(), away: emptyStats() };
  private possession = 50;
  private repriceEveryone = false;
  /** Knockouts level after 90 minutes: when each period of extra time starts (simulated ms). */
  private readonly extraTimeStarts = new Map<number, number>();
  /** Lineups, players' lines and the actions with places (issue 36), on generators of their own. */
  private readonly centre: FootballCentre;
  private centreRng: Rng | null = null;

  constructor(fixture: PlannedFixture, context: SimulationContext, home: WorldTeam, away: WorldTeam) {
    super(fixture, context);
    this.rates = footballGoalRates(home.rating, away.rating);
    const setup = createRng(context.seed, fixture.key, 'setup');
    this.firstHalfMinutes = 45 + setup.int(1, 4);
    this.secondHalfMinutes = 45 + setup.int(2, 6);
    const formationRng = createRng(context.seed, fixture.key, 'formation');
    const formations = { home: formationRng.pick(FORMATION_NAMES), away: formationRng.pick(FORMATION_NAMES) };
    this.lineups = { home: lineup(home, setup, formations.home), away: lineup(away, setup, formations.away) };
    this.centre = new FootballCentre(
      fixture.key,
      { home: startingEleven(home.players, formations.home), away: startingEleven(away.players, formations.away) },
      { home: this.lineups.home.bench, away: this.lineups.away.bench },
      formations,
    );
    this.possession = 50 + (home.rating - away.rating) * 0.8;

    this.schedulePreMatchPrices((roll) => {
      const drift = 1 + (roll - 0.5) * 0.08;
      return footballFair(0, 0, this.rates.home * drift, this.rates.away / drift);
    });
    this.agenda.add(-LINEUPS_BEFORE_MS, AgendaOrder.Boundary, () => {
      for (const lineup of this.centre.lineups()) this.output?.lineup?.(lineup);
      this.emitPlayerLines();
    });
    this.agenda.add(0, AgendaOrder.Boundary, () => this.kickoff());
    const secondHalfStart = this.firstHalfMinutes + HALFTIME_MINUTES;
    for (let minute = 0; minute < this.firstHalfMinutes; minute += 1) {
      this.agenda.add(minute * MINUTE_MS, AgendaOrder.Roll, () => this.playMinute(minute, minute * MINUTE_MS));
    }
    this.agenda.add(this.firstHalfMinutes * MINUTE_MS, AgendaOrder.Boundary, () => this.halftime(this.firstHalfMinutes * MINUTE_MS));
    this.agenda.add(secondHalfStart * MINUTE_MS, AgendaOrder.Boundary, () => this.secondHalf(secondHalfStart * MINUTE_MS));
    for (let minute = 0; minute < this.secondHalfMinutes; minute += 1) {
      const slot = this.firstHalfMinutes + minute;
      this.agenda.add((secondHalfStart + minute) * MINUTE_MS, AgendaOrder.Roll, () => this.playMinute(slot, (secondHalfStart + minute) * MINUTE_MS));
    }
    const end = (secondHalfStart + this.secondHalfMinutes) * MINUTE_MS;
    this.agenda.add(end, AgendaOrder.Boundary, () => (this.fixture.knockout === true && this.level() ? this.scheduleExtraTime(end) : this.fulltime(end)));
  }

  private level(): boolean {
    return this.current.home_score === this.current.away_score;
  }

  /** The two periods of extra time after a level 90 minutes (their minutes roll like the others, on their own slots). */
  private scheduleExtraTime(end: number): void {
    Object.assign(this.current, { status: 'halftime', minute: 90, extra_minute: null });
    const setup = createRng(this.context.seed, this.fixture.key, 'extra-time');
    const regular = this.firstHalfMinutes + this.secondHalfMinutes;
    let start = end + BEFORE_EXTRA_TIME_MINUTES * MINUTE_MS;
    for (const period of [3, 4] as const) {
      const minutes = 15 + setup.int(0, 2);
      const periodStart = start;
      this.extraTimeStarts.set(period, periodStart);
      this.agenda.add(periodStart, AgendaOrder.Boundary, () => {
        Object.assign(this.current, { status: 'live', period, minute: period === 3 ? 91 : 106, extra_minute: null });
      });
      for (let minute = 0; minute < minutes; minute += 1) {
        const slot = regular + (period === 3 ? 0 : 20) + minute;
        this.agenda.add(periodStart + minute * MINUTE_MS, AgendaOrder.Roll, () => this.playMinute(slot, periodStart + minute * MINUTE_MS));
      }
      const periodEnd = periodStart + minutes * MINUTE_MS;
      if (period === 3) {
        this.agenda.add(periodEnd, AgendaOrder.Boundary, () => Object.assign(this.current, { status: 'halftime', minute: 105, extra_minute: null }));
        start = periodEnd + EXTRA_TIME_BREAK_MINUTES * MINUTE_MS;
      } else {
        this.agenda.add(periodEnd, AgendaOrder.Boundary, () => (this.level() ? this.shootout(periodEnd + BEFORE_EXTRA_TIME_MINUTES * MINUTE_MS) : this.fulltime(periodEnd, 120)));
      }
    }
  }

  /**
   * Penalties: sides alternate, five kicks each, over as soon as one side cannot be caught; level
   * after five, a kick each until one misses and the other scores. Full time at the last kick.
   */
  private shootout(start: number): void {
    Object.assign(this.current, { status: 'live', period: 5, minute: 120, extra_minute: null });
    const rng = createRng(this.context.seed, this.fixture.key, 'shootout');
    const score = { home: 0, away: 0 };
    const taken = { home: 0, away: 0 };
    const decided = (): boolean => {
      // Within the first five each: over once one side cannot catch up even scoring all it has left.
      if (taken.home < 5 || taken.away < 5) return score.home + (5 - taken.home) < score.away || score.away + (5 - taken.away) < score.home;
      return taken.home === taken.away && score.home !== score.away;
    };
    while (!decided()) {
      const side = taken.home === taken.away ? 'home' : 'away';
      taken[side] += 1;
      if (rng.chance(SHOOTOUT_CONVERSION)) score[side] += 1;
    }
    const kicks = taken.home + taken.away;
    const end = start + kicks * MINUTE_MS;
    this.agenda.add(end, AgendaOrder.Boundary, () => {
      Object.assign(this.current, { home_penalty_score: score.home, away_penalty_score: score.away });
      this.fulltime(end, 120, 'penalties');
    });
  }

  /** Minute and extra minute shown at `elapsedMs` (status is set by the boundaries). */
  protected setClock(elapsedMs: number): void {
    if (this.current.status !== 'live') return;
    const secondHalfStart = (this.firstHalfMinutes + HALFTIME_MINUTES) * MINUTE_MS;
    const period = this.current.period ?? 1;
    if (period >= 3) {
      // Extra time (3: 91'-105', 4: 106'-120', then added minutes); the shoot-out stays at 120'.
      const periodStart = this.extraTimeStarts.get(period);
      if (periodStart === undefined) return;
      const base = period === 3 ? 90 : 105;
      const played = base + 1 + Math.floor((elapsedMs - periodStart) / MINUTE_MS);
      this.current.minute = Math.min(base + 15, played);
      this.current.extra_minute = played > base + 15 ? played - base - 15 : null;
    } else if (this.current.period === 1) {
      const played = Math.floor(elapsedMs / MINUTE_MS) + 1;
      this.current.minute = Math.min(45, played);
      this.current.extra_minute = played > 45 ? played - 45 : null;
    } else {
      const played = 46 + Math.floor((elapsedMs - secondHalfStart) / MINUTE_MS);
      this.current.minute = Math.min(90, played);
      this.current.extra_minute = played > 90 ? played - 90 : null;
    }
  }

  private kickoff(): void {
    Object.assign(this.current, { status: 'live', period: 1, minute: 1, extra_minute: null });
    this.emit(0, { kind: 'kickoff' });
  }

  private halftime(at: number): void {
    Object.assign(this.current, { status: 'halftime', minute: 45, extra_minute: null, home_half_score: this.current.home_score, away_half_score: this.current.away_score });
    this.emit(at, { kind: 'halftime', minute: 45, extra_minute: null });
    this.emitStatistics();
  }

  private secondHalf(at: number): void {
    Object.assign(this.current, { status: 'live', period: 2, minute: 46, extra_minute: null });
    this.emit(at, { kind: 'second_half' });
  }

  /** The end: after 90 minutes, or 120 (`detail` 'extra_time', or 'penalties' after a shoot-out). */
  private fulltime(at: number, minute = 90, detail: string | null = minute === 120 ? 'extra_time' : null): void {
    Object.assign(this.current, { status: 'finished', minute, extra_minute: null, finished_at: this.wallAt(at) });
    this.emit(at, { kind: 'fulltime', minute, extra_minute: null, detail });
    this.emitStatistics();
  }

  /** Rolls minute `slot` (0-based over both halves) starting at `start` simulated ms. */
  private playMinute(slot: number, start: number): void {
    const rng = createRng(this.context.seed, this.fixture.key, 'minute', slot);
    this.centreRng = createRng(this.context.seed, this.fixture.key, 'centre', slot);
    this.setClock(start);
    this.price(slot, start);
    for (const side of ['home', 'away'] as const) this.rollSide(side, rng, start);
    const before = { home: { ...this.stats.home }, away: { ...this.stats.away } };
    this.rollStatistics(rng);
    const counts = (side: Side) => {
      const now = this.stats[side];
      const was = before[side];
      return { attacks: now.attacks - was.attacks, dangerous: now.dangerous - was.dangerous, shots: now.shots - was.shots, onTarget: now.onTarget - was.onTarget, fouls: now.fouls - was.fouls };
    };
    const actions = this.centre.playMinute(this.centreRng, this.clock(), this.possession, { home: counts('home'), away: counts('away') }, (second) => this.wallAt(start + second * 1_000));
    for (const action of actions) this.output?.action?.(action);
    if (slot % 5 === 4) this.emitStatistics();
  }

  private rollSide(side: Side, rng: Rng, start: number): void {
    const other: Side = side === 'home' ? 'away' : 'home';
    const ownRed = this.current[`${side}_red`];
    const otherRed = this.current[`${other}_red`];
    const goalRate = (this.rates[side] / PLAYED_MINUTES) * FOOTBALL_RATES.redCardAttackFactor ** ownRed * FOOTBALL_RATES.redCardDefenceFactor ** otherRed;
    const at = () => start + rng.int(1, 59) * 1_000;
    // Every roll is drawn now, not when the event runs: the minute's outcome is fixed at its start.
    if (rng.chance(goalRate)) {
      const [time, kindRoll, playerRoll] = [at(), rng.next(), rng.next()];
      this.agenda.add(time, AgendaOrder.Event, () => this.goal(side, time, kindRoll, playerRoll));
    }
    if (rng.chance(FOOTBALL_RATES.yellowPerMinute)) {
      const [time, playerRoll, carefulRoll] = [at(), rng.next(), rng.next()];
      this.agenda.add(time, AgendaOrder.Event, () => this.booking(side, time, playerRoll, carefulRoll));
    }
    if (rng.chance(FOOTBALL_RATES.redPerMinute)) {
      const time = at();
      const roll = rng.next();
      this.agenda.add(time, AgendaOrder.Event, () => this.sendOff(side, time, roll, null));
    }
    if (rng.chance(FOOTBALL_RATES.cornersPerMinute)) {
      this.current[`${side}_corner`] += 1;
      if (this.centreRng !== null) this.output?.action?.(this.centre.corner(this.centreRng, side, this.clock(), (second) => this.wallAt(start + second * 1_000)));
    }
    const lineup = this.lineups[side];
    if (this.current.minute !== null && lineup.substitutionMinutes[0] !== undefined && this.playedMinute() >= lineup.substitutionMinutes[0]) {
      lineup.substitutionMinutes.shift();
      const [time, outRoll, inRoll] = [at(), rng.next(), rng.next()];
      this.agenda.add(time, AgendaOrder.Event, () => this.substitution(side, time, outRoll, inRoll));
      // The rest of the same window come on together (the laws: three windows besides half-time).
      let more = 0;
      while (lineup.substitutionMinutes[0] !== undefined && this.playedMinute() >= lineup.substitutionMinutes[0]) {
        lineup.substitutionMinutes.shift();
        more += 1;
        const extra = createRng(this.context.seed, this.fixture.key, 'window', side, this.playedMinute(), more);
        const [outExtra, inExtra] = [extra.next(), extra.next()];
        this.agenda.add(time, AgendaOrder.Event, () => this.substitution(side, time, outExtra, inExtra));
      }
    }
  }

  private playedMinute(): number {
    return (this.current.minute ?? 0) + (this.current.extra_minute ?? 0);
  }

  /** The match clock and score as the match centre's actions carry them. */
  private clock(): CentreClock {
    return { period: this.current.period ?? 1, minute: this.current.minute ?? 1, extra: this.current.extra_minute ?? 0, home_score: this.current.home_score, away_score: this.current.away_score };
  }

  private emitPlayerLines(): void {
    if (this.output?.playerLine === undefined) return;
    for (const line of this.centre.playerLines(this.current.status === 'scheduled' ? 0 : this.playedMinute())) this.output.playerLine(line);
  }

  private goal(side: Side, at: number, kindRoll: number, playerRoll: number): void {
    this.setClock(at);
    const other: Side = side === 'home' ? 'away' : 'home';
    let detail: string | null = null;
    let scorer: FeedPlayer | undefined;
    if (kindRoll < FOOTBALL_RATES.ownGoalShare) {
      detail = 'own_goal';
      scorer = pickWeighted(this.lineups[other].onPitch, playerRoll, (player) => (player.position === 'DF' ? 3 : player.position === 'GK' ? 0.5 : 1));
    } else {
      if (kindRoll < FOOTBALL_RATES.ownGoalShare + FOOTBALL_RATES.penaltyShare) detail = 'penalty';
      scorer = pickWeighted(this.lineups[side].onPitch, playerRoll, (player) => ({ FW: 5, MF: 3, DF: 1 })[player.position] ?? 0);
    }
    this.current[`${side}_score`] += 1;
    this.stats[side].shots += 1;
    this.stats[side].onTarget += 1;
    this.repriceEveryone = true;
    const second = secondOf(at);
    const goalRng = createRng(this.context.seed, this.fixture.key, 'centre-goal', at);
    this.output?.action?.(this.centre.goal(goalRng, side, scorer, detail, this.clock(), second, () => this.wallAt(at)));
    this.emit(at, { kind: 'goal', side, detail, player_zh: scorer?.name_zh ?? null });
    this.emitStatistics();
  }

  private booking(side: Side, at: number, roll: number, carefulRoll: number): void {
    this.setClock(at);
    const lineup = this.lineups[side];
    const outfield = lineup.onPitch.filter((player) => player.position !== 'GK');
    let player = pickWeighted(outfield, roll, () => 1);
    // Players already on a yellow tread carefully: most of the time the card goes to someone else.
    if (player !== undefined && lineup.booked.has(player.name_zh) && carefulRoll < 0.7) {
      player = pickWeighted(outfield.filter((candidate) => !lineup.booked.has(candidate.name_zh)), roll, () => 1) ?? player;
    }
    if (player === undefined) return;
    this.current[`${side}_yellow`] += 1;
    this.stats[side].fouls += 1;
    if (lineup.booked.has(player.name_zh)) {
      this.centre.booking(side, player);
      this.sendOff(side, at, roll, player);
      return;
    }
    lineup.booked.add(player.name_zh);
    this.emitCard(side, player, 'yellow', at);
    this.centre.booking(side, player);
    this.emit(at, { kind: 'yellow', side, player_zh: player.name_zh });
  }

  private sendOff(side: Side, at: number, roll: number, secondYellow: FeedPlayer | null): void {
    this.setClock(at);
    const lineup = this.lineups[side];
    const player = secondYellow ?? pickWeighted(lineup.onPitch.filter((candidate) => candidate.position !== 'GK'), roll, () => 1);
    if (player === undefined) return;
    lineup.onPitch = lineup.onPitch.filter((candidate) => candidate !== player);
    this.emitCard(side, player, secondYellow === null ? 'red' : 'second_yellow', at);
    this.centre.sendOff(side, player, this.playedMinute());
    this.current[`${side}_red`] += 1;
    this.repriceEveryone = true;
    this.emit(at, { kind: 'red', side, detail: secondYellow === null ? null : 'second_yellow', player_zh: player.name_zh });
  }

  private substitution(side: Side, at: number, outRoll: number, inRoll: number): void {
    this.setClock(at);
    const lineup = this.lineups[side];
    const leaving = pickWeighted(lineup.onPitch.filter((player) => player.position !== 'GK' && !lineup.cameOn.has(player)), outRoll, () => 1);
    const coming = pickWeighted(lineup.bench.filter((player) => player.position !== 'GK'), inRoll, () => 1);
    if (leaving === undefined || coming === undefined) return;
    lineup.onPitch = lineup.onPitch.map((player) => (player === leaving ? coming : player));
    lineup.bench = lineup.bench.filter((player) => player !== coming);
    lineup.cameOn.add(coming);
    this.output?.action?.(this.centre.substitution(side, leaving, coming, this.clock(), this.playedMinute(), secondOf(at), () => this.wallAt(at)));
    this.emit(at, { kind: 'substitution', side, player_zh: leaving.name_zh, player_in_zh: coming.name_zh });
  }

  /** A card on the match centre (its place on its own generator: the match is the same without it). */
  private emitCard(side: Side, player: FeedPlayer, card: CardKind, at: number): void {
    const rng = createRng(this.context.seed, this.fixture.key, 'centre-card', at, player.shirt_number);
    this.output?.action?.(this.centre.card(rng, side, player, card, this.clock(), secondOf(at), () => this.wallAt(at)));
  }

  private price(slot: number, at: number): void {
    if ((this.current.period === 2 && (this.current.minute ?? 0) > LAST_PRICED_MINUTE) || (this.current.period ?? 0) > 2) return;
    const everyone = this.repriceEveryone;
    this.repriceEveryone = false;
    const totalMinutes = this.firstHalfMinutes + this.secondHalfMinutes;
    const remaining = Math.max(0, totalMinutes - slot) / PLAYED_MINUTES;
    const factor = (side: Side) => {
      const other: Side = side === 'home' ? 'away' : 'home';
      return FOOTBALL_RATES.redCardAttackFactor ** this.current[`${side}_red`] * FOOTBALL_RATES.redCardDefenceFactor ** this.current[`${other}_red`];
    };
    const fair = footballFair(this.current.home_score, this.current.away_score, this.rates.home * remaining * factor('home'), this.rates.away * remaining * factor('away'));
    for (const company of this.companiesDue(slot, everyone)) {
      this.emitQuotes(at, `m${slot}`, company.id, quote(fair, company, createRng(this.context.seed, this.fixture.key, 'odds', slot, company.id), this.bias(company.id)));
    }
  }

  private rollStatistics(rng: Rng): void {
    const target = 50 + (this.rates.home - this.rates.away) * 8;
    this.possession += (target - this.possession) * 0.1 + (rng.next() - 0.5) * 4;
    this.possession = Math.min(75, Math.max(25, this.possession));
    for (const side of ['home', 'away'] as const) {
      const share = (side === 'home' ? this.possession : 100 - this.possession) / 50;
      const stats = this.stats[side];
      stats.attacks += rng.poisson(0.9 * share);
      stats.dangerous += rng.poisson(0.45 * share);
      const shots = rng.poisson(0.11 * share);
      stats.shots += shots;
      for (let shot = 0; shot < shots; shot += 1) if (rng.chance(0.33)) stats.onTarget += 1;
      stats.fouls += rng.poisson(0.11);
      stats.offsides += rng.poisson(0.022);
    }
  }

  private emitStatistics(): void {
    const home = this.stats.home;
    const away = this.stats.away;
    const possession = Math.round(this.possession);
    const statistics: FeedStatistic[] = [
      { kind: 'possession', home: possession, away: 100 - possession },
      { kind: 'attacks', home: home.attacks, away: away.attacks },
      { kind: 'dangerous_attacks', home: home.dangerous, away: away.dangerous },
      { kind: 'shots', home: home.shots, away: away.shots },
      { kind: 'shots_on_target', home: home.onTarget, away: away.onTarget },
      { kind: 'corners', home: this.current.home_corner, away: this.current.away_corner },
      { kind: 'fouls', home: home.fouls, away: away.fouls },
      { kind: 'offsides', home: home.offsides, away: away.offsides },
      { kind: 'yellow_cards', home: this.current.home_yellow, away: this.current.away_yellow },
      { kind: 'red_cards', home: this.current.home_red, away: this.current.away_red },
    ];
    this.output?.statistics(this.fixture.key, statistics);
    this.emitPlayerLines();
  }
}

/** The second within its minute of a time in simulated ms (minutes start on whole minutes). */
function secondOf(at: number): number {
  return Math.floor((at % MINUTE_MS) / 1_000);
}

function emptyStats(): SideStats {
  return { attacks: 0, dangerous: 0, shots: 0, onTarget: 0, fouls: 0, offsides: 0 };
}

/** Starting XI of the formation (from the roster's order), the bench, and when the coach changes things. */
function lineup(team: WorldTeam, rng: Rng, formation: string): Lineup {
  const onPitch = startingEleven(team.players, formation).map(({ player }) => player);
  const bench = team.players.filter((player) => !onPitch.includes(player));
  // Five changes: some at half-time, the rest from the hour on, in at most three windows besides
  // half-time (IFAB Law 3): a change drawn after the third window's minute waits for it.
  const drawn = Array.from({ length: 5 }, () => (rng.chance(0.2) ? 46 : rng.int(55, 88))).sort((a, b) => a - b);
  const windows = [...new Set(drawn.filter((minute) => minute !== 46))].slice(0, 3);
  const substitutionMinutes = drawn.map((minute) => (minute === 46 ? 46 : (windows.find((window) => window >= minute) ?? windows.at(-1) ?? minute)));
  return { onPitch, bench, cameOn: new Set(), booked: new Set(), substitutionMinutes };
}


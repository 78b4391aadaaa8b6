import type { FeedPlayer, FeedStatistic } from '../matchFeed';
import type { WorldTeam } from '../world/demoWorld';
import { AgendaOrder } from './agenda';
import { BaseSimulation, type SimulationContext } from './matchSimulation';
import { BASKETBALL_PLAY_POINTS, BASKETBALL_POINTS_PER_PLAY, basketballPointRate } from './models';
import { basketballFair, quote } from './oddsModel';
import { type Rng, createRng } from './prng';
import type { PlannedFixture } from './schedule';
import { courtOf } from '../../matchCentre/court';
import { BasketballCentre } from './basketballCentre';

/** A game minute takes two simulated minutes (time-outs, free throws, reviews). */
const GAME_MINUTE_MS = 120_000;
const GAME_SECOND_MS = GAME_MINUTE_MS / 60;
const MINUTE_MS = 60_000;
const SHORT_BREAK_MS = 2 * MINUTE_MS;
const HALFTIME_MS = 15 * MINUTE_MS;
const OVERTIME_MINUTES = 5;
/** No repricing in the last two game minutes of the fourth period or an overtime. */
const UNPRICED_FINAL_MINUTES = 2;
/** Starting fives are out half an hour before the tip-off. */
const LINEUPS_BEFORE_MS = 30 * MINUTE_MS;

type Side = 'home' | 'away';

interface SideStats {
  twos: number;
  threes: number;
  freeThrows: number;
  rebounds: number;
  assists: number;
  steals: number;
  blocks: number;
  turnovers: number;
  fouls: number;
}

/**
 * A basketball game: four periods (12 or 10 game minutes), short breaks, half-time, overtime
 * while tied. Each game minute is rolled on its own generator: scoring plays (1-3 points) for
 * both sides at rates from the ratings, with scorer and game clock; period ends; box-score
 * statistics; prices every few minutes and at period ends.
 */
export class BasketballSimulation extends BaseSimulation {
  private readonly periodMinutes: number;
  private readonly rates: Record<Side, number>;
  private readonly starters: Record<Side, FeedPlayer[]>;
  private readonly bench: Record<Side, FeedPlayer[]>;
  private readonly stats: Record<Side, SideStats> = { home: emptyStats(), away: emptyStats() };
  private periodStart = 0;
  private minutesPlayed = 0;
  private repriceEveryone = false;
  /** Who is on court, box-score lines and every shot with its place (issue 36), on generators of their own. */
  private readonly centre: BasketballCentre;

  constructor(fixture: PlannedFixture, context: SimulationContext, home: WorldTeam, away: WorldTeam) {
    super(fixture, context);
    this.periodMinutes = fixture.competition.spec.periodMinutes ?? 12;
    this.rates = { home: basketballPointRate(home.rating, away.rating, this.periodMinutes), away: basketballPointRate(away.rating, home.rating, this.periodMinutes) };
    this.starters = { home: starters(home), away: starters(away) };
    this.bench = { home: home.players.filter((player) => !this.starters.home.includes(player)), away: away.players.filter((player) => !this.starters.away.includes(player)) };
    this.centre = new BasketballCentre(fixture.key, this.starters, this.bench, courtOf(fixture.competition.spec.name_zh));
    const minutes = this.periodMinutes * 4;
    this.schedulePreMatchPrices((roll) => {
      const drift = (roll - 0.5) * 3;
      return basketballFair(0, 0, this.rates.home * minutes + drift, this.rates.away * minutes - drift, 1);
    });
    this.agenda.add(-LINEUPS_BEFORE_MS, AgendaOrder.Boundary, () => {
      for (const lineup of this.centre.lineups()) this.output?.lineup?.(lineup);
      this.emitPlayerLines(true);
    });
    this.agenda.add(0, AgendaOrder.Boundary, () => this.startPeriod(1, 0));
  }

  private lengthOf(period: number): number {
    return period <= 4 ? this.periodMinutes : OVERTIME_MINUTES;
  }

  protected setClock(elapsedMs: number): void {
    const period = this.current.period;
    if (this.current.status !== 'live' || period === null || this.current.clock_seconds === 0) return;
    const elapsedSeconds = Math.floor((elapsedMs - this.periodStart) / GAME_SECOND_MS);
    this.current.clock_seconds = Math.max(0, this.lengthOf(period) * 60 - elapsedSeconds);
  }

  private startPeriod(period: number, at: number): void {
    this.periodStart = at;
    Object.assign(this.current, { status: 'live', period, clock_seconds: this.lengthOf(period) * 60 });
    this.current.period_scores.push([0, 0]);
    if (period === 1) this.emit(at, { kind: 'kickoff' });
    for (let minute = 0; minute < this.lengthOf(period); minute += 1) {
      const start = at + minute * GAME_MINUTE_MS;
      this.agenda.add(start, AgendaOrder.Roll, () => this.playMinute(period, minute, start));
    }
    const end = at + this.lengthOf(period) * GAME_MINUTE_MS;
    this.agenda.add(end, AgendaOrder.Boundary, () => this.endPeriod(period, end));
  }

  private endPeriod(period: number, at: number): void {
    this.current.clock_seconds = 0;
    this.emit(at, { kind: 'period_end', period, clock_seconds: 0 });
    this.emitStatistics();
    this.emitPlayerLines(false);
    this.repriceEveryone = true;
    const tied = this.current.home_score === this.current.away_score;
    if (period >= 4 && !tied) {
      Object.assign(this.current, { status: 'finished', finished_at: this.wallAt(at) });
      this.emit(at, { kind: 'fulltime', period, clock_seconds: 0 });
      return;
    }
    if (period === 2) {
      const [home, away] = this.current.period_scores.slice(0, 2).reduce(([h, a], [ph, pa]) => [h + ph, a + pa], [0, 0]);
      Object.assign(this.current, { status: 'halftime', home_half_score: home, away_half_score: away });
      this.emit(at, { kind: 'halftime', period, clock_seconds: 0 });
    }
    const next = at + (period === 2 ? HALFTIME_MS : SHORT_BREAK_MS);
    this.agenda.add(next, AgendaOrder.Boundary, () => {
      if (period === 2) this.emit(next, { kind: 'second_half', period: 3, clock_seconds: this.lengthOf(3) * 60 });
      this.startPeriod(period + 1, next);
    });
  }

  private playMinute(period: number, minute: number, start: number): void {
    const rng = createRng(this.context.seed, this.fixture.key, 'minute', period, minute);
    const centreRng = createRng(this.context.seed, this.fixture.key, 'centre', period, minute);
    this.setClock(start);
    this.price(period, minute, start);
    // The lines of the minute before (scores, fouls, plus-minus) go out as this one starts.
    this.emitPlayerLines(false);
    this.centre.playMinute(period, minute, this.lengthOf(period));
    for (const side of ['home', 'away'] as const) {
      const plays = rng.poisson(this.rates[side] / BASKETBALL_POINTS_PER_PLAY);
      for (let play = 0; play < plays; play += 1) {
        const points = BASKETBALL_PLAY_POINTS[rng.weighted(BASKETBALL_PLAY_POINTS.map((option) => option.weight))]?.points ?? 2;
        const time = start + rng.int(1, 59) * GAME_SECOND_MS;
        const scorer = this.scorer(side, rng);
        const shotRng = createRng(this.context.seed, this.fixture.key, 'shot', period, minute, side, play);
        this.agenda.add(time, AgendaOrder.Event, () => this.score(side, points, scorer, time, shotRng));
      }
      const before = { ...this.stats[side] };
      this.rollStatistics(side, rng);
      const now = this.stats[side];
      this.centre.handOut(centreRng, side, {
        rebounds: now.rebounds - before.rebounds,
        assists: now.assists - before.assists,
        steals: now.steals - before.steals,
        blocks: now.blocks - before.blocks,
        turnovers: now.turnovers - before.turnovers,
        fouls: now.fouls - before.fouls,
      });
      const misses = this.centre.misses(centreRng, side, (second) => {
        const at = start + second * GAME_SECOND_MS;
        const clock = { period, clock_seconds: Math.max(0, this.lengthOf(period) * 60 - minute * 60 - second), home_score: this.current.home_score, away_score: this.current.away_score };
        return { clock, at: this.wallAt(at) };
      });
      for (const action of misses) this.output?.action?.(action);
    }
    this.minutesPlayed += 1;
    if (this.minutesPlayed % 3 === 0) this.emitStatistics();
  }

  /** A scorer among the five on court (two draws, as always: the generator's sequence is kept). */
  private scorer(side: Side, rng: Rng): FeedPlayer | undefined {
    rng.next();
    const pool = this.centre.court5(side);
    const weights = pool.map((player) => ({ G: 0.42, F: 0.36, C: 0.22 })[player.position] ?? 0.3);
    return pool[rng.weighted(weights)];
  }

  private score(side: Side, points: number, scorer: FeedPlayer | undefined, at: number, shotRng: Rng): void {
    this.setClock(at);
    this.current[`${side}_score`] += points;
    const clock = { period: this.current.period ?? 1, clock_seconds: this.current.clock_seconds ?? 0, home_score: this.current.home_score, away_score: this.current.away_score };
    for (const action of this.centre.made(shotRng, side, points, scorer, clock, this.wallAt(at))) this.output?.action?.(action);
    const period = this.current.period_scores.at(-1);
    if (period !== undefined) period[side === 'home' ? 0 : 1] += points;
    const stats = this.stats[side];
    if (points === 1) stats.freeThrows += 1;
    else if (points === 2) stats.twos += 1;
    else stats.threes += 1;
    this.emit(at, { kind: 'score', side, points, player_zh: scorer?.name_zh ?? null });
  }

  private price(period: number, minute: number, at: number): void {
    const length = this.lengthOf(period);
    if (period >= 4 && minute >= length - UNPRICED_FINAL_MINUTES) return;
    const everyone = this.repriceEveryone;
    this.repriceEveryone = false;
    const remainingMinutes = period <= 4 ? (4 - period) * this.periodMinutes + (length - minute) : length - minute;
    const share = remainingMinutes / (this.periodMinutes * 4);
    const fair = basketballFair(this.current.home_score, this.current.away_score, this.rates.home * remainingMinutes, this.rates.away * remainingMinutes, share);
    for (const company of this.companiesDue(this.minutesPlayed, everyone)) {
      this.emitQuotes(at, `m${period}-${minute}`, company.id, quote(fair, company, createRng(this.context.seed, this.fixture.key, 'odds', period, minute, company.id), this.bias(company.id)));
    }
  }

  private rollStatistics(side: Side, rng: Rng): void {
    const stats = this.stats[side];
    stats.rebounds += rng.poisson(0.95);
    stats.assists += rng.poisson(0.55);
    stats.steals += rng.poisson(0.16);
    stats.blocks += rng.poisson(0.1);
    stats.turnovers += rng.poisson(0.28);
    stats.fouls += rng.poisson(0.42);
  }

  /** Box-score lines: those that changed, or all (lineups out, the final whistle). */
  private emitPlayerLines(all: boolean): void {
    if (this.output?.playerLine === undefined) return;
    for (const line of this.centre.playerLines(all)) this.output.playerLine(line);
  }

  private emitStatistics(): void {
    const home = this.stats.home;
    const away = this.stats.away;
    const statistics: FeedStatistic[] = [
      { kind: 'field_goals', home: home.twos + home.threes, away: away.twos + away.threes },
      { kind: 'three_pointers', home: home.threes, away: away.threes },
      { kind: 'free_throws', home: home.freeThrows, away: away.freeThrows },
      { kind: 'rebounds', home: home.rebounds, away: away.rebounds },
      { kind: 'assists', home: home.assists, away: away.assists },
      { kind: 'steals', home: home.steals, away: away.steals },
      { kind: 'blocks', home: home.blocks, away: away.blocks },
      { kind: 'turnovers', home: home.turnovers, away: away.turnovers },
      { kind: 'fouls', home: home.fouls, away: away.fouls },
    ];
    this.output?.statistics(this.fixture.key, statistics);
  }
}

function emptyStats(): SideStats {
  return { twos: 0, threes: 0, freeThrows: 0, rebounds: 0, assists: 0, steals: 0, blocks: 0, turnovers: 0, fouls: 0 };
}

function starters(team: WorldTeam): FeedPlayer[] {
  const byPosition = (position: string, count: number) => team.players.filter((player) => player.position === position).slice(0, count);
  return [...byPosition('G', 2), ...byPosition('F', 2), ...byPosition('C', 1)];
}


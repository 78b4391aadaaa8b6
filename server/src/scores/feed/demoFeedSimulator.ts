import type { FastifyBaseLogger } from 'fastify';
import { type Clock, systemClock } from '../../infra/clock';
import { BasketballSimulation } from './engine/basketballSimulation';
import { FootballSimulation } from './engine/footballSimulation';
import { SeriesSimulation } from './engine/seriesSimulation';
import type { MatchSimulation, SimulationOutput } from './engine/matchSimulation';
import { type FeedTiming, type PlannedFixture, dayIndexAt, planDay } from './engine/schedule';
import { type FeedBatch, type FeedFixture, type FeedPlayerLine, type MatchFeed, emptyBatch, isEmptyBatch } from './matchFeed';
import { type DemoWorld, buildDemoWorld, seasonName, worldTeam } from './world/demoWorld';
import { fixtureIntel } from './world/intelligence';
import { playPastTournaments } from './world/pastTournaments';
import { initialSeasons } from './world/seasonTables';

const HOUR_MS = 3_600_000;
/** Long enough for any football match to be over (stoppage time, half-time included). */
const PAST_MATCH_MS = 4 * HOUR_MS;
/** Goals up to this many simulated minutes old when sent are announced (see FeedBatch.announceSince). */
const ANNOUNCE_SIMULATED_MS = 10 * 60_000;

export interface DemoFeedOptions {
  /** FEED_SEED: the same seed (and speed) gives the same fixtures, events and prices. */
  seed: number;
  /** FEED_SPEED: simulated ms per wall ms (60 = a match minute a second). */
  speed: number;
  clock?: Clock;
  world?: DemoWorld;
  /** Simulated hours behind `now` whose fixtures are (re)computed: finished results after a restart. */
  pastHours?: number;
  /** Simulated hours ahead whose fixtures are announced (the upcoming schedule). */
  futureHours?: number;
  /** Run by itself every this many wall ms; null: the owner calls tick() (tests with a manual clock). */
  tickMs?: number | null;
  log?: FastifyBaseLogger;
}

/** A tick every quarter of a simulated minute, within 50 ms … 1 s of wall time. */
export function defaultTickMs(speed: number): number {
  return Math.min(1_000, Math.max(50, Math.round(60_000 / speed / 4)));
}

/**
 * The default MatchFeed: a day of football, basketball, esports and snooker (general) series computed from a seed. Fixtures are
 * planned per simulated day; a window around now is announced (finished, live, upcoming); each
 * tick advances every match in the window to the clock and hands over what happened as one batch.
 *
 * Everything is a function of (seed, speed, clock): a restarted simulator recomputes the window
 * and sends it again, and the pipeline stores only what it has not stored yet.
 */
export class DemoFeedSimulator implements MatchFeed {
  readonly timing: FeedTiming;
  readonly world: DemoWorld;
  private readonly clock: Clock;
  private readonly pastHours: number;
  private readonly futureHours: number;
  private readonly tickMs: number | null;
  private readonly log: FastifyBaseLogger | undefined;
  private readonly plannedDays = new Map<number, PlannedFixture[]>();
  private readonly announced = new Set<string>();
  private readonly simulations = new Map<string, MatchSimulation>();
  private readonly lastStates = new Map<string, string>();
  private worldSent = false;
  private deliver: ((batch: FeedBatch) => Promise<void>) | null = null;
  /** A batch the pipeline refused (database down): delivered again before anything new. */
  private undelivered: FeedBatch | null = null;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(options: DemoFeedOptions) {
    this.timing = { seed: options.seed, speed: options.speed };
    this.world = options.world ?? buildDemoWorld();
    this.clock = options.clock ?? systemClock;
    this.pastHours = options.pastHours ?? 24;
    this.futureHours = options.futureHours ?? 18;
    this.tickMs = options.tickMs === undefined ? defaultTickMs(options.speed) : options.tickMs;
    this.log = options.log;
  }

  async start(deliver: (batch: FeedBatch) => Promise<void>): Promise<void> {
    this.deliver = deliver;
    this.stopped = false;
    if (this.tickMs === null) {
      await this.tick();
      return;
    }
    // A first batch that cannot be stored (database busy) is retried by the timer, not fatal.
    await this.tick().catch(() => undefined);
    // stop() during that first tick: no timer may start after it.
    if (!this.stopped) this.schedule(this.tickMs);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Advances to the clock and delivers the batch; one at a time. */
  tick(): Promise<void> {
    const previous = this.running ?? Promise.resolve();
    const run = previous.then(() => this.tickOnce());
    this.running = run.finally(() => {
      if (this.running === run) this.running = null;
    });
    return run;
  }

  private schedule(delayMs: number): void {
    this.timer = setTimeout(() => {
      void this.tick()
        .catch(() => undefined)
        .finally(() => {
          // A failed delivery waits longer before the retry, so a database outage is not hammered.
          if (!this.stopped) this.schedule(this.undelivered === null ? (this.tickMs ?? 1_000) : 2_000);
        });
    }, delayMs);
  }

  private async tickOnce(): Promise<void> {
    if (this.deliver === null) throw new Error('DemoFeedSimulator: tick() before start()');
    const batch = this.undelivered ?? this.advanceTo(this.clock());
    this.undelivered = null;
    if (isEmptyBatch(batch)) return;
    try {
      await this.deliver(batch);
    } catch (error) {
      this.undelivered = batch;
      this.log?.warn({ err: error }, 'feed batch not stored; retrying');
      throw error;
    }
  }

  /** Pure: everything that happened up to `now` since the last call, as one batch. */
  advanceTo(now: Date): FeedBatch {
    const batch = emptyBatch(now, new Date(now.getTime() - ANNOUNCE_SIMULATED_MS / this.timing.speed));
    if (!this.worldSent) {
      batch.teams = [...this.world.teams.values()].map(({ rating: _rating, ...team }) => team);
      batch.seasons = initialSeasons(this.world, this.timing.seed, now);
      this.sendPastTournaments(now, batch);
      this.worldSent = true;
    }
    this.announce(now, batch);

    const statistics = new Map<string, FeedBatch['statistics'][number]['statistics']>();
    // A player's latest line in the batch replaces the earlier ones.
    const playerLines = new Map<string, FeedPlayerLine>();
    const output: SimulationOutput = {
      event: (event) => batch.events.push(event),
      odds: (quote) => batch.odds.push(quote),
      statistics: (matchKey, list) => statistics.set(matchKey, list),
      lineup: (lineup) => batch.lineups?.push(lineup),
      action: (action) => batch.actions?.push(action),
      playerLine: (line) => playerLines.set(`${line.matchKey}:${line.side}:${line.shirt_number}`, line),
    };
    for (const [key, simulation] of this.simulations) {
      simulation.advance((now.getTime() - simulation.fixture.kickoffAt.getTime()) * this.timing.speed, output);
      const state = simulation.state();
      const text = JSON.stringify(state);
      if (this.lastStates.get(key) !== text) {
        this.lastStates.set(key, text);
        batch.states.push(state);
      }
      if (simulation.finished) {
        this.simulations.delete(key);
        this.lastStates.delete(key);
      }
    }
    batch.statistics.push(...[...statistics].map(([matchKey, list]) => ({ matchKey, statistics: list })));
    // After the past tournaments' lines (the first batch).
    batch.playerLines = [...(batch.playerLines ?? []), ...playerLines.values()];
    return batch;
  }

  /**
   * A tournament already played this year (pastTournaments.ts): its group matches and then its
   * knockout rounds (drawn from the group results), each simulated to the end in real time
   * (whatever FEED_SPEED), sent finished with their events and statistics, without prices. The
   * group results make the tournament's table; the knockouts count in no table. The knockouts,
   * which the knowledge base lists as the latest results, come with their match centre (issue 36:
   * lineups, every action with its place, the players' final lines), from the same simulation as
   * their result, so the shot map's goals are the score (a shoot-out's kicks are not shots).
   */
  private sendPastTournaments(now: Date, batch: FeedBatch): void {
    const context = { seed: this.timing.seed, speed: 1 };
    // The last statistics of each match (one row per match and kind in a batch).
    const statistics = new Map<string, FeedBatch['statistics'][number]['statistics']>();
    // A player's last line replaces the earlier ones.
    const playerLines = new Map<string, FeedPlayerLine>();
    const output: SimulationOutput = {
      event: (event) => batch.events.push(event),
      odds: () => undefined,
      statistics: (matchKey, list) => statistics.set(matchKey, list),
    };
    const withCentre: SimulationOutput = {
      ...output,
      lineup: (lineup) => batch.lineups?.push(lineup),
      action: (action) => batch.actions?.push(action),
      playerLine: (line) => playerLines.set(`${line.matchKey}:${line.side}:${line.shirt_number}`, line),
    };
    // Group matches first, then the knockout rounds drawn from their results (each round from the last).
    playPastTournaments(this.world, this.timing.seed, now, (fixture) => {
      if (fixture.kickoffAt.getTime() + PAST_MATCH_MS > now.getTime()) return null;
      batch.fixtures.push(this.toFeedFixture(fixture));
      const simulation = new FootballSimulation(fixture, context, worldTeam(this.world, fixture.homeKey), worldTeam(this.world, fixture.awayKey));
      simulation.advance(PAST_MATCH_MS, fixture.knockout === true ? withCentre : output);
      const state = simulation.state();
      batch.states.push(state);
      return state;
    });
    batch.statistics.push(...[...statistics].map(([matchKey, list]) => ({ matchKey, statistics: list })));
    batch.playerLines = [...(batch.playerLines ?? []), ...playerLines.values()];
  }

  /** Announces the fixtures whose kick-off entered the window; forgets days that left it. */
  private announce(now: Date, batch: FeedBatch): void {
    const from = new Date(now.getTime() - (this.pastHours * HOUR_MS) / this.timing.speed);
    const to = new Date(now.getTime() + (this.futureHours * HOUR_MS) / this.timing.speed);
    const firstDay = dayIndexAt(this.timing, from);
    for (let day = firstDay; day <= dayIndexAt(this.timing, to); day += 1) {
      let fixtures = this.plannedDays.get(day);
      if (fixtures === undefined) {
        fixtures = planDay(this.world, this.timing, day);
        this.plannedDays.set(day, fixtures);
      }
      for (const fixture of fixtures) {
        if (this.announced.has(fixture.key) || fixture.kickoffAt < from || fixture.kickoffAt > to) continue;
        this.announced.add(fixture.key);
        batch.fixtures.push(this.toFeedFixture(fixture));
        const simulation = this.simulate(fixture);
        this.simulations.set(fixture.key, simulation);
        // The row is created scheduled; its first state worth sending is a change from that.
        this.lastStates.set(fixture.key, JSON.stringify(simulation.state()));
      }
    }
    for (const [day, fixtures] of this.plannedDays) {
      if (day >= firstDay - 1) continue;
      for (const fixture of fixtures) this.announced.delete(fixture.key);
      this.plannedDays.delete(day);
    }
  }

  private simulate(fixture: PlannedFixture): MatchSimulation {
    const home = worldTeam(this.world, fixture.homeKey);
    const away = worldTeam(this.world, fixture.awayKey);
    if (fixture.sport === 'football') return new FootballSimulation(fixture, this.timing, home, away);
    if (fixture.sport === 'basketball') return new BasketballSimulation(fixture, this.timing, home, away);
    return new SeriesSimulation(fixture, this.timing, home, away);
  }

  private toFeedFixture(fixture: PlannedFixture): FeedFixture {
    const home = worldTeam(this.world, fixture.homeKey);
    const away = worldTeam(this.world, fixture.awayKey);
    const { spec } = fixture.competition;
    return {
      key: fixture.key,
      sport: fixture.sport,
      competition: { sport: spec.sport, name_zh: spec.name_zh },
      season_name: seasonName(spec, fixture.kickoffAt),
      round_zh: fixture.round_zh,
      standingsGroup: fixture.standingsGroup,
      homeKey: fixture.homeKey,
      awayKey: fixture.awayKey,
      kickoff_at: fixture.kickoffAt,
      intel: fixtureIntel(this.world, fixture.competition, this.timing.seed, fixture.key, home, away, fixture.kickoffAt),
    };
  }
}

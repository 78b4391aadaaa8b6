import type { OddsMarketName, OddsQuote } from '@sports/shared/server';
import { formatMatchStr } from '../../matchStr';
import { type FeedAction, type FeedLineup, type FeedMatchEvent, type FeedMatchState, type FeedOddsQuote, type FeedPlayerLine, type FeedStatistic, scheduledMatchState } from '../matchFeed';
import type { PlannedFixture } from './schedule';
import { Agenda, AgendaOrder } from './agenda';
import { type FairMarkets, ODDS_COMPANIES, type MarketQuotes, companyBias, quote, sameQuote } from './oddsModel';
import { createRng } from './prng';

/** Where a simulation puts what happened (the simulator collects it into a batch). */
export interface SimulationOutput {
  event(event: FeedMatchEvent): void;
  odds(quote: FeedOddsQuote): void;
  statistics(matchKey: string, statistics: FeedStatistic[]): void;
  /** The match centre (issue 36); an output without them drops them. */
  lineup?(lineup: FeedLineup): void;
  action?(action: FeedAction): void;
  playerLine?(line: FeedPlayerLine): void;
}

/** One match played minute by minute in simulated time. */
export interface MatchSimulation {
  readonly fixture: PlannedFixture;
  readonly finished: boolean;
  /** Plays up to `elapsedMs` simulated ms after kick-off (negative: before it). */
  advance(elapsedMs: number, output: SimulationOutput): void;
  /** The whole current state. */
  state(): FeedMatchState;
}

export interface SimulationContext {
  seed: number;
  speed: number;
}

const ODDS_MARKET_NAMES: readonly OddsMarketName[] = ['europe', 'asia', 'total'];

/**
 * What both sports share: state, event numbering, wall-clock times, and emitting prices only
 * when they changed.
 */
export abstract class BaseSimulation implements MatchSimulation {
  protected readonly agenda = new Agenda();
  protected readonly current: FeedMatchState;
  protected output: SimulationOutput | null = null;
  private eventCount = 0;
  private readonly lastQuotes = new Map<string, OddsQuote>();

  protected constructor(
    readonly fixture: PlannedFixture,
    protected readonly context: SimulationContext,
  ) {
    this.current = scheduledMatchState(fixture.key);
  }

  get finished(): boolean {
    return this.current.status === 'finished';
  }

  advance(elapsedMs: number, output: SimulationOutput): void {
    this.output = output;
    this.agenda.runUntil(elapsedMs);
    this.setClock(elapsedMs);
    this.output = null;
  }

  /** The clock fields shown at `elapsedMs` (the status is set by the boundaries). */
  protected abstract setClock(elapsedMs: number): void;

  /**
   * Pre-match prices: before kick-off the market moves a little on news, not on play. `fair` gets
   * a roll in [0, 1) per company and step, for the sport's own kind of drift.
   */
  protected schedulePreMatchPrices(fair: (roll: number) => FairMarkets): void {
    for (let step = 0; step < PRE_MATCH_ODDS_STEPS; step += 1) {
      const at = -(PRE_MATCH_ODDS_STEPS - step) * PRE_MATCH_STEP_MS;
      this.agenda.add(at, AgendaOrder.Roll, () => {
        for (const company of ODDS_COMPANIES) {
          const rng = createRng(this.context.seed, this.fixture.key, 'pre-odds', step, company.id);
          this.emitQuotes(at, `p${step}`, company.id, quote(fair(rng.next()), company, rng, this.bias(company.id)));
        }
      });
    }
  }

  state(): FeedMatchState {
    return { ...this.current, period_scores: this.current.period_scores.map(([home, away]) => [home, away]) };
  }

  /** The wall-clock instant `elapsedMs` simulated ms after kick-off. */
  protected wallAt(elapsedMs: number): Date {
    return new Date(Math.round(this.fixture.kickoffAt.getTime() + elapsedMs / this.context.speed));
  }

  protected matchStr(): string {
    return formatMatchStr({ sport: this.fixture.sport, ...this.current });
  }

  protected emit(at: number, fields: Partial<FeedMatchEvent> & Pick<FeedMatchEvent, 'kind'>): void {
    this.eventCount += 1;
    this.output?.event({
      key: `${this.fixture.key}:e${this.eventCount}`,
      matchKey: this.fixture.key,
      side: null,
      detail: null,
      period: this.current.period,
      minute: this.current.minute,
      extra_minute: this.current.extra_minute,
      clock_seconds: this.current.clock_seconds,
      player_zh: null,
      player_in_zh: null,
      points: null,
      home_score: this.current.home_score,
      away_score: this.current.away_score,
      occurred_at: this.wallAt(at),
      ...fields,
    });
  }

  /** Each company's lean on this match (fixed for the match). */
  protected bias(companyId: number): number {
    return companyBias(createRng(this.context.seed, this.fixture.key, 'bias', companyId));
  }

  /** Emits each company's prices that moved since the last ones it showed. */
  protected emitQuotes(at: number, step: string, companyId: number, quotes: MarketQuotes): void {
    for (const market of ODDS_MARKET_NAMES) {
      const quoteKey = `${companyId}:${market}`;
      const next = quotes[market];
      if (sameQuote(this.lastQuotes.get(quoteKey), next)) continue;
      this.lastQuotes.set(quoteKey, next);
      this.output?.odds({
        key: `${this.fixture.key}:c${companyId}:${market}:${step}`,
        matchKey: this.fixture.key,
        company_id: companyId,
        market,
        ...next,
        status: this.current.status,
        match_str: this.matchStr(),
        home_score: this.current.home_score,
        away_score: this.current.away_score,
        recorded_at: this.wallAt(at),
      });
    }
  }

  /** Companies that reprice at this slot: on their own rhythm, or all after a big moment. */
  protected companiesDue(slot: number, everyone: boolean): typeof ODDS_COMPANIES {
    return ODDS_COMPANIES.filter((company) => everyone || (slot + company.offset) % company.interval === 0);
  }
}

/** Pre-match prices: opening 6 simulated hours before kick-off, then a drift every hour. */
export const PRE_MATCH_ODDS_STEPS = 6;
export const PRE_MATCH_STEP_MS = 60 * 60_000;

import type { WorldTeam } from '../world/demoWorld';
import { AgendaOrder } from './agenda';
import { BaseSimulation, type SimulationContext } from './matchSimulation';
import { type Rng, createRng } from './prng';
import type { PlannedFixture } from './schedule';
import { ESPORTS_KILLS_PER_MINUTE, SNOOKER_POINTS_PER_MINUTE, type SeriesKind, gameMinutes, gameWinChance, gamesToWin } from './seriesModel';

const MINUTE_MS = 60_000;
/** The pause between two games (side selection, a frame's re-rack). */
const BREAK_MS = 8 * MINUTE_MS;
const ESPORTS_OBJECTIVES = ['tower', 'dragon', 'baron'] as const;

type Side = 'home' | 'away';

/**
 * A best-of series (esports maps, snooker frames): games one after another until a side has won
 * the majority. The match score is games won; `period` is the game being played, its own score
 * (kills, frame points) the last entry of `period_scores`; `minute` the minute of the game, null
 * between games. Each game is rolled on its own generator: winner from the ratings, length, the
 * score minute by minute; esports first blood and objectives, snooker breaks of 50+ as highlights.
 * No odds: the demo's companies price football and basketball only.
 */
export class SeriesSimulation extends BaseSimulation {
  private readonly kind: SeriesKind;
  private readonly bestOf: number;
  private readonly homeChance: number;
  private readonly players: Record<Side, string[]>;
  private gameStart = 0;

  constructor(fixture: PlannedFixture, context: SimulationContext, home: WorldTeam, away: WorldTeam) {
    super(fixture, context);
    this.kind = fixture.sport === 'esports' ? 'esports' : 'general';
    this.bestOf = fixture.competition.spec.bestOf ?? 3;
    this.homeChance = gameWinChance(home.rating, away.rating);
    this.players = { home: home.players.map((player) => player.name_zh), away: away.players.map((player) => player.name_zh) };
    this.agenda.add(0, AgendaOrder.Boundary, () => {
      this.emit(0, { kind: 'kickoff' });
      this.startGame(1, 0);
    });
  }

  protected setClock(elapsedMs: number): void {
    if (this.current.status !== 'live' || this.current.minute === null) return;
    this.current.minute = Math.max(1, Math.floor((elapsedMs - this.gameStart) / MINUTE_MS) + 1);
  }

  private startGame(game: number, at: number): void {
    this.gameStart = at;
    Object.assign(this.current, { status: 'live', period: game, minute: 1 });
    this.current.period_scores.push([0, 0]);
    this.emit(at, { kind: 'game_start', period: game, minute: 1 });
    const rng = createRng(this.context.seed, this.fixture.key, 'game', game);
    const winner: Side = rng.chance(this.homeChance) ? 'home' : 'away';
    const minutes = gameMinutes(this.kind, rng);
    for (let minute = 0; minute < minutes; minute += 1) {
      const start = at + minute * MINUTE_MS;
      this.agenda.add(start, AgendaOrder.Roll, () => this.playMinute(game, minute, minutes, winner, start));
    }
    const end = at + minutes * MINUTE_MS;
    this.agenda.add(end, AgendaOrder.Boundary, () => this.endGame(game, winner, end));
  }

  private playMinute(game: number, minute: number, minutes: number, winner: Side, start: number): void {
    const rng = createRng(this.context.seed, this.fixture.key, 'minute', game, minute);
    const rates = this.kind === 'esports' ? ESPORTS_KILLS_PER_MINUTE : SNOOKER_POINTS_PER_MINUTE;
    for (const side of ['home', 'away'] as const) {
      const amount = rng.poisson(side === winner ? rates.winner : rates.loser);
      if (amount === 0) continue;
      const time = start + rng.int(1, 59) * 1_000;
      this.agenda.add(time, AgendaOrder.Event, () => this.addToGame(side, amount));
    }
    const time = start + rng.int(1, 59) * 1_000;
    if (this.kind === 'esports') this.esportsMoment(rng, game, minute, minutes, winner, time);
    else this.snookerMoment(rng, minute, winner, time);
  }

  /** First blood early, then now and then a tower or dragon, a baron late: for the side ahead in the game more often. */
  private esportsMoment(rng: Rng, game: number, minute: number, minutes: number, winner: Side, at: number): void {
    const other: Side = winner === 'home' ? 'away' : 'home';
    const side = rng.chance(0.65) ? winner : other;
    let detail: string | null = null;
    if (minute === 2) detail = 'first_blood';
    else if (minute >= 5 && rng.chance(0.12)) detail = ESPORTS_OBJECTIVES[minute >= minutes * 0.6 ? rng.int(0, 2) : rng.int(0, 1)] ?? null;
    if (detail === null) return;
    const player = rng.pick(this.players[side]);
    this.agenda.add(at, AgendaOrder.Event, () => {
      if (this.current.period !== game) return;
      this.emit(at, { kind: 'highlight', side, detail, player_zh: detail === 'first_blood' ? player : null });
    });
  }

  /** A break of 50 or more now and then, mostly by the frame's winner. */
  private snookerMoment(rng: Rng, minute: number, winner: Side, at: number): void {
    if (minute < 3 || !rng.chance(0.06)) return;
    const side: Side = rng.chance(0.8) ? winner : winner === 'home' ? 'away' : 'home';
    const points = rng.chance(0.15) ? rng.int(100, 147) : rng.int(50, 99);
    this.agenda.add(at, AgendaOrder.Event, () => {
      this.addToGame(side, points);
      this.emit(at, { kind: 'highlight', side, detail: 'break', points, player_zh: this.players[side][0] ?? null });
    });
  }

  private addToGame(side: Side, amount: number): void {
    const game = this.current.period_scores.at(-1);
    if (game !== undefined && this.current.minute !== null) game[side === 'home' ? 0 : 1] += amount;
  }

  private endGame(game: number, winner: Side, at: number): void {
    const score = this.current.period_scores.at(-1);
    // The winner of a snooker frame has the most points in it.
    if (score !== undefined && this.kind === 'general') {
      const [own, other] = winner === 'home' ? [0, 1] : [1, 0];
      if ((score[own] ?? 0) <= (score[other] ?? 0)) score[own] = (score[other] ?? 0) + 1 + (game % 7) * 3;
    }
    this.current[`${winner}_score`] += 1;
    this.current.minute = null;
    this.emit(at, { kind: 'game_end', side: winner, period: game, minute: null });
    if (this.current[`${winner}_score`] >= gamesToWin(this.bestOf)) {
      Object.assign(this.current, { status: 'finished', finished_at: this.wallAt(at) });
      this.emit(at, { kind: 'fulltime' });
      return;
    }
    this.agenda.add(at + BREAK_MS, AgendaOrder.Boundary, () => this.startGame(game + 1, at + BREAK_MS));
  }
}

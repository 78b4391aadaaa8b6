import type { WorldTeam } from '../world/demoWorld';
import { AgendaOrder } from './agenda';
import { BaseSimulation, type SimulationContext } from './matchSimulation';
import { type Rng, createRng } from './prng';
import type { PlannedFixture } from './schedule';
import { ESPORTS_KILLS_PER_MINUTE, type SeriesKind, gameMinutes, gameWinChance, gamesToWin, snookerFrame } from './seriesModel';

const MINUTE_MS = 60_000;
/** The pause between two games: side selection between maps, a re-rack between frames. */
const BREAK_MS = { esports: 8 * MINUTE_MS, general: 2 * MINUTE_MS } as const;
/** Breaks of this many points or more are told as highlights. */
const HIGHLIGHT_BREAK = 50;
const ESPORTS_OBJECTIVES = ['tower', 'dragon', 'baron'] as const;

type Side = 'home' | 'away';

/**
 * A best-of series (esports maps, snooker frames): games one after another until a side has won
 * the majority. The match score is games won; `period` is the game being played, its own score
 * (kills, frame points) the last entry of `period_scores`. Esports: `minute` is the minute of the
 * game, null between games; kills minute by minute, first blood and objectives as highlights.
 * Snooker has no clock (`minute` stays null: "第3局"): a frame is planned whole (snookerFrame:
 * 0-147 points a player, visits to the table, the winner's last) and its visits are spread over
 * its length; breaks of 50+ are highlights. Each game is rolled on its own generator.
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
    this.bestOf = fixture.bestOf;
    this.homeChance = gameWinChance(home.rating, away.rating);
    this.players = { home: home.players.map((player) => player.name_zh), away: away.players.map((player) => player.name_zh) };
    this.agenda.add(0, AgendaOrder.Boundary, () => {
      this.emit(0, { kind: 'kickoff' });
      this.startGame(1, 0);
    });
  }

  protected setClock(elapsedMs: number): void {
    if (this.kind !== 'esports' || this.current.status !== 'live' || this.current.minute === null) return;
    this.current.minute = Math.max(1, Math.floor((elapsedMs - this.gameStart) / MINUTE_MS) + 1);
  }

  private startGame(game: number, at: number): void {
    this.gameStart = at;
    const minute = this.kind === 'esports' ? 1 : null;
    Object.assign(this.current, { status: 'live', period: game, minute });
    this.current.period_scores.push([0, 0]);
    this.emit(at, { kind: 'game_start', period: game, minute });
    const rng = createRng(this.context.seed, this.fixture.key, 'game', game);
    const winner: Side = rng.chance(this.homeChance) ? 'home' : 'away';
    const minutes = this.kind === 'esports' ? gameMinutes(rng) : this.planFrame(rng, game, winner, at);
    if (this.kind === 'esports') {
      for (let minute = 0; minute < minutes; minute += 1) {
        const start = at + minute * MINUTE_MS;
        this.agenda.add(start, AgendaOrder.Roll, () => this.playMinute(game, minute, minutes, winner, start));
      }
    }
    const end = at + minutes * MINUTE_MS;
    this.agenda.add(end, AgendaOrder.Boundary, () => this.endGame(game, winner, end));
  }

  /** A snooker frame's visits spread over its length (the last just before its end); its length in minutes. */
  private planFrame(rng: Rng, game: number, winner: Side, at: number): number {
    const frame = snookerFrame(rng);
    const loser: Side = winner === 'home' ? 'away' : 'home';
    const step = (frame.minutes * MINUTE_MS) / (frame.visits.length + 1);
    frame.visits.forEach((visit, index) => {
      const side = visit.side === 'winner' ? winner : loser;
      const time = at + Math.round((index + 1) * step - rng.next() * step * 0.4);
      this.agenda.add(time, AgendaOrder.Event, () => {
        this.addToGame(game, side, visit.points);
        if (visit.points >= HIGHLIGHT_BREAK) this.emit(time, { kind: 'highlight', side, detail: 'break', points: visit.points, player_zh: this.players[side][0] ?? null });
      });
    });
    return frame.minutes;
  }

  private playMinute(game: number, minute: number, minutes: number, winner: Side, start: number): void {
    const rng = createRng(this.context.seed, this.fixture.key, 'minute', game, minute);
    for (const side of ['home', 'away'] as const) {
      const amount = rng.poisson(side === winner ? ESPORTS_KILLS_PER_MINUTE.winner : ESPORTS_KILLS_PER_MINUTE.loser);
      if (amount === 0) continue;
      const time = start + rng.int(1, 59) * 1_000;
      this.agenda.add(time, AgendaOrder.Event, () => this.addToGame(game, side, amount));
    }
    this.esportsMoment(rng, game, minute, minutes, winner, start + rng.int(1, 59) * 1_000);
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

  private addToGame(game: number, side: Side, amount: number): void {
    const score = this.current.period_scores.at(-1);
    if (score !== undefined && this.current.period === game && this.current.status === 'live') score[side === 'home' ? 0 : 1] += amount;
  }

  private endGame(game: number, winner: Side, at: number): void {
    this.current[`${winner}_score`] += 1;
    this.current.minute = null;
    this.emit(at, { kind: 'game_end', side: winner, period: game, minute: null });
    if (this.current[`${winner}_score`] >= gamesToWin(this.bestOf)) {
      Object.assign(this.current, { status: 'finished', finished_at: this.wallAt(at) });
      this.emit(at, { kind: 'fulltime' });
      return;
    }
    const next = at + BREAK_MS[this.kind];
    this.agenda.add(next, AgendaOrder.Boundary, () => this.startGame(game + 1, next));
  }
}

import { PREDICTION_OUTCOMES_MAX, PREDICTION_OUTCOMES_MIN, PREDICTION_STAKE_MAX, type Prediction, type PredictionCreateRequest, type PredictionList, type PredictionState, type PredictionTally, type PredictionTemplate } from '@sports/shared/server';
import { type Kysely, sql } from 'kysely';
import { chinaMinute } from '../infra/chinaTime';
import type { Database } from '../infra/db/schema';
import { errors } from '../infra/http/errorCatalogue';
import { pointsOf } from '../points/index';
import { balanceOf, transfer } from '../wallet/index';
import { TEMPLATES, resolveOutcome } from './predictionTemplates';
import { type SettleFigures, settlePrediction } from './settlement';

/** Who acts: a signed-in member, or ops (the ops token). */
export type Actor = { kind: 'member'; userId: number } | { kind: 'ops'; name: string };

interface PredictionRow {
  id: number;
  room_id: number;
  match_id: number | null;
  template: PredictionTemplate;
  line: number | null;
  title: string;
  outcomes: string[];
  state: PredictionState;
  lock_at: Date;
  winning_outcome: number | null;
  settled_at: Date | null;
  locked_now: boolean;
}

const ROW = sql`p.id, p.room_id, p.match_id, p.template, p.line, p.title, p.outcomes, p.state, p.lock_at, p.winning_outcome, p.settled_at, (p.lock_at <= clock_timestamp()) as locked_now`;

function normalise(row: PredictionRow): PredictionRow {
  return { ...row, id: Number(row.id), room_id: Number(row.room_id), match_id: row.match_id === null ? null : Number(row.match_id) };
}

/** A stake's amount, checked: an integer from 1 to PREDICTION_STAKE_MAX (each refusal its own error). */
export function checkAmount(amount: unknown): number {
  if (typeof amount !== 'number' || !Number.isFinite(amount) || !Number.isInteger(amount)) {
    if (typeof amount === 'number' && amount > PREDICTION_STAKE_MAX) throw errors.PREDICTION_AMOUNT_TOO_LARGE(PREDICTION_STAKE_MAX);
    throw errors.PREDICTION_AMOUNT_NOT_INTEGER();
  }
  if (amount < 1) throw errors.PREDICTION_AMOUNT_TOO_SMALL();
  if (amount > PREDICTION_STAKE_MAX) throw errors.PREDICTION_AMOUNT_TOO_LARGE(PREDICTION_STAKE_MAX);
  return amount;
}

/**
 * Predictions (竞猜; predictions/README.md): create, read (with live tallies), stake, cancel. The
 * settlement is settlement.ts; the feed's watcher predictionWatcher.ts.
 */
export class PredictionService {
  constructor(
    private readonly db: Kysely<Database>,
    /** A prediction's tallies changed (a stake, a settlement): the room hears it (coalesced). */
    private readonly changed: (predictionId: number) => void = () => {},
  ) {}

  private async room(roomId: number): Promise<{ id: number; owner_id: number; match_id: number | null }> {
    const room = (await sql<{ id: number; owner_id: number; match_id: number | null }>`select id, owner_id, match_id from live_room where id = ${roomId}`.execute(this.db)).rows[0];
    if (room === undefined) throw errors.PREDICTION_ROOM_NOT_FOUND();
    return { id: Number(room.id), owner_id: Number(room.owner_id), match_id: room.match_id === null ? null : Number(room.match_id) };
  }

  /** The room's anchor, one of its admins, or ops. */
  private async assertManager(actor: Actor, roomId: number): Promise<void> {
    if (actor.kind === 'ops') return;
    const { rows } = await sql`
      select 1 from live_room r where r.id = ${roomId} and (r.owner_id = ${actor.userId}
        or exists (select 1 from live_room_admin a where a.room_id = r.id and a.user_id = ${actor.userId}))`.execute(this.db);
    if (rows.length === 0) throw errors.PREDICTION_NOT_ALLOWED();
  }

  async create(actor: Actor, input: PredictionCreateRequest): Promise<Prediction> {
    const room = await this.room(input.room_id);
    await this.assertManager(actor, room.id);
    const bind = input.template !== 'custom' && input.bind_match !== false;
    if (input.template !== 'custom' && !bind) throw errors.PREDICTION_NO_MATCH();
    let outcomes: string[];
    let title = input.title?.trim() ?? '';
    let line: number | null = null;
    let lockSql = input.lock_in_seconds === undefined ? null : sql`clock_timestamp() + make_interval(secs => ${input.lock_in_seconds})`;
    let matchId: number | null = null;
    if (input.template === 'custom') {
      outcomes = (input.outcomes ?? []).map((label) => label.trim());
      if (outcomes.length < PREDICTION_OUTCOMES_MIN || outcomes.length > PREDICTION_OUTCOMES_MAX) throw errors.PREDICTION_OUTCOMES_COUNT();
      if (outcomes.some((label) => label === '') || new Set(outcomes).size !== outcomes.length) throw errors.PREDICTION_OUTCOME_BLANK();
      if (title === '') throw errors.PREDICTION_TITLE_BLANK();
      if (lockSql === null) throw errors.PREDICTION_LOCK_REQUIRED();
    } else {
      if (room.match_id === null) throw errors.PREDICTION_NO_MATCH();
      const match = (await sql<{ id: number; sport: string; status: string; kickoff_at: Date; started: boolean }>`
        select id, sport, status, kickoff_at, (kickoff_at <= clock_timestamp() or status <> 'scheduled') as started from match where id = ${room.match_id}`.execute(this.db)).rows[0];
      if (match === undefined) throw errors.PREDICTION_NO_MATCH();
      if (match.status === 'finished') throw errors.PREDICTION_MATCH_OVER();
      const spec = TEMPLATES[input.template];
      if (spec.sports !== null && !spec.sports.includes(match.sport as never)) throw errors.PREDICTION_TEMPLATE_SPORT();
      if (spec.needsLine) {
        if (input.line === undefined) throw errors.PREDICTION_LINE_REQUIRED();
        line = input.line;
      }
      outcomes = spec.outcomes(line);
      if (title === '') title = spec.title(line);
      if (lockSql === null) {
        if (match.started) throw errors.PREDICTION_LOCK_REQUIRED();
        lockSql = sql`${match.kickoff_at}::timestamptz`;
      }
      matchId = Number(match.id);
    }
    const createdBy = actor.kind === 'member' ? actor.userId : null;
    const id = await this.db.transaction().execute(async (trx) => {
      const inserted = (await sql<{ id: number }>`
        insert into prediction (room_id, match_id, template, line, title, outcomes, lock_at, created_by)
        values (${room.id}, ${matchId}, ${input.template}, ${line}, ${title}, ${sql`array[${sql.join(outcomes)}]::text[]`}, ${lockSql}, ${createdBy})
        returning id`.execute(trx)).rows[0] as { id: number };
      await sql`insert into prediction_audit (prediction_id, action, actor, detail) values (${inserted.id}, 'created', ${actorName(actor)}, ${JSON.stringify({ template: input.template, line, outcomes })}::jsonb)`.execute(trx);
      return Number(inserted.id);
    });
    this.changed(id);
    return this.info(id, null);
  }

  private async rows(where: ReturnType<typeof sql>, limit: number): Promise<PredictionRow[]> {
    const { rows } = await sql<PredictionRow>`select ${ROW} from prediction p where ${where} order by p.id desc limit ${limit}`.execute(this.db);
    return rows.map(normalise);
  }

  /** Tallies of these predictions: per outcome the points and the stakes. */
  private async tallies(ids: number[]): Promise<Map<number, Map<number, { pool: number; stakes: number }>>> {
    const result = new Map<number, Map<number, { pool: number; stakes: number }>>();
    if (ids.length === 0) return result;
    const { rows } = await sql<{ prediction_id: string; outcome: number; pool: string; stakes: string }>`
      select prediction_id, outcome, sum(amount) as pool, count(*) as stakes from prediction_stake
      where prediction_id in (${sql.join(ids)}) group by prediction_id, outcome`.execute(this.db);
    for (const row of rows) {
      const id = Number(row.prediction_id);
      const map = result.get(id) ?? new Map();
      map.set(row.outcome, { pool: Number(row.pool), stakes: Number(row.stakes) });
      result.set(id, map);
    }
    return result;
  }

  private async view(rows: PredictionRow[], viewer: number | null): Promise<Prediction[]> {
    const ids = rows.map((row) => row.id);
    const tallies = await this.tallies(ids);
    const mine = new Map<number, { outcome: number; amount: number; payout: number | null }>();
    if (viewer !== null && ids.length > 0) {
      const { rows: stakes } = await sql<{ prediction_id: string; outcome: number; amount: string; payout: string | null }>`
        select prediction_id, outcome, amount, payout from prediction_stake where user_id = ${viewer} and prediction_id in (${sql.join(ids)})`.execute(this.db);
      const ended = new Set(rows.filter((row) => row.state === 'settled' || row.state === 'refunded' || row.state === 'cancelled').map((row) => row.id));
      // A losing stake's payout is not written by the settlement: 0 once the prediction has ended.
      for (const stake of stakes) {
        const id = Number(stake.prediction_id);
        mine.set(id, { outcome: stake.outcome, amount: Number(stake.amount), payout: stake.payout !== null ? Number(stake.payout) : ended.has(id) ? 0 : null });
      }
    }
    return rows.map((row) => {
      const tally = tallies.get(row.id) ?? new Map();
      const pool = [...tally.values()].reduce((sum, value) => sum + value.pool, 0);
      const state: PredictionState = row.state === 'open' && row.locked_now ? 'locked' : row.state;
      return {
        id: row.id,
        room_id: row.room_id,
        match_id: row.match_id,
        template: row.template,
        title: row.title,
        state,
        lock_at: row.lock_at.getTime(),
        lock_text: chinaMinute(row.lock_at),
        winning_outcome: row.winning_outcome,
        pool,
        outcomes: row.outcomes.map((label, index) => {
          const value = tally.get(index) ?? { pool: 0, stakes: 0 };
          return { index, label, pool: value.pool, stakes: value.stakes, share: pool === 0 ? 0 : Math.round((value.pool * 1000) / pool) / 10 };
        }),
        mine: mine.get(row.id) ?? null,
        settled_text: row.settled_at === null ? null : chinaMinute(row.settled_at),
      };
    });
  }

  async info(id: number, viewer: number | null): Promise<Prediction> {
    const rows = await this.rows(sql`p.id = ${id}`, 1);
    if (rows.length === 0) throw errors.PREDICTION_NOT_FOUND();
    return (await this.view(rows, viewer))[0] as Prediction;
  }

  /** The tally pushed to the room. */
  async tally(id: number): Promise<{ tally: PredictionTally; ownerId: number } | null> {
    const rows = await this.rows(sql`p.id = ${id}`, 1);
    if (rows.length === 0) return null;
    const [view] = await this.view(rows, null);
    if (view === undefined) return null;
    const owner = (await sql<{ owner_id: string }>`select owner_id from live_room where id = ${view.room_id}`.execute(this.db)).rows[0];
    if (owner === undefined) return null;
    return { tally: { id: view.id, room_id: view.room_id, state: view.state, pool: view.pool, winning_outcome: view.winning_outcome, outcomes: view.outcomes }, ownerId: Number(owner.owner_id) };
  }

  /** A room's predictions, newest first (keyset by id). */
  async listRoom(roomId: number, viewer: number | null, cursor: number | undefined, limit: number): Promise<PredictionList> {
    const rows = await this.rows(cursor === undefined ? sql`p.room_id = ${roomId}` : sql`p.room_id = ${roomId} and p.id < ${cursor}`, limit + 1);
    const page = rows.slice(0, limit);
    return { list: await this.view(page, viewer), next_cursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null };
  }

  /** The member's predictions (history): those they staked on, newest first (keyset by prediction id). */
  async listMine(viewer: number, cursor: number | undefined, limit: number): Promise<PredictionList> {
    const where = cursor === undefined ? sql`p.id in (select prediction_id from prediction_stake where user_id = ${viewer})` : sql`p.id in (select prediction_id from prediction_stake where user_id = ${viewer}) and p.id < ${cursor}`;
    const rows = await this.rows(where, limit + 1);
    const page = rows.slice(0, limit);
    return { list: await this.view(page, viewer), next_cursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null };
  }

  /**
   * A stake: one transaction. First the prediction row, share-locked, must be open with its lock
   * time after the DATABASE's clock (clock_timestamp(), read in this transaction: a stake at or
   * after the lock instant is refused whatever the node's clock); the settlement's FOR UPDATE waits
   * for it, or it for the settlement (then it sees the new state). Then the points move (member →
   * prediction pool, the set `prediction:stake:<user>:<Idempotency-Key>`), then the stake row
   * (UNIQUE per member and prediction). The same key again answers the first stake.
   */
  async stake(userId: number, input: { id: number; outcome: number; amount: unknown }, idempotencyKey: string): Promise<{ prediction: Prediction; balance: number }> {
    const amount = checkAmount(input.amount);
    const key = `prediction:stake:${userId}:${idempotencyKey}`;
    const reference = `prediction:${input.id}:o${input.outcome}`;
    const replay = await this.replayed(key, input.id, input.outcome, amount);
    if (replay) return { prediction: await this.info(input.id, userId), balance: await balanceOf(this.db, pointsOf(userId)) };
    const balance = await this.db.transaction().execute(async (trx) => {
      const row = (await sql<{ state: string; open: boolean; outcomes: string[]; owner_id: string }>`
        select p.state, p.lock_at > clock_timestamp() as open, p.outcomes, r.owner_id
        from prediction p join live_room r on r.id = p.room_id where p.id = ${input.id} for share of p`.execute(trx)).rows[0];
      if (row === undefined) throw errors.PREDICTION_NOT_FOUND();
      if (row.state !== 'open' && row.state !== 'locked') throw errors.PREDICTION_CLOSED();
      if (!row.open || row.state === 'locked') throw errors.PREDICTION_LOCKED();
      if (input.outcome >= row.outcomes.length) throw errors.PREDICTION_OUTCOME_UNKNOWN();
      if (Number(row.owner_id) === userId) throw errors.PREDICTION_OWN_ROOM();
      let applied: Awaited<ReturnType<typeof transfer>>;
      try {
        applied = await transfer(trx, { idempotencyKey: key, kind: 'prediction_stake', reference, legs: [{ from: pointsOf(userId), to: { kind: 'prediction_pool' }, amount }] });
      } catch (error) {
        // The ledger's refusal speaks of coins: points have their own.
        if ((error as { reason?: string }).reason === errors.WALLET_INSUFFICIENT_BALANCE.reason) throw errors.PREDICTION_POINTS_NOT_ENOUGH();
        throw error;
      }
      if (!applied.replayed) {
        try {
          await sql`insert into prediction_stake (prediction_id, user_id, outcome, amount, set_id) values (${input.id}, ${userId}, ${input.outcome}, ${amount}, ${applied.setId})`.execute(trx);
        } catch (error) {
          if ((error as { code?: string }).code === '23505') throw errors.PREDICTION_ALREADY_STAKED();
          throw error;
        }
      }
      return balanceOf(trx, pointsOf(userId));
    });
    this.changed(input.id);
    return { prediction: await this.info(input.id, userId), balance };
  }

  /** An earlier stake with this key: the same stake (true) or another (409). */
  private async replayed(key: string, predictionId: number, outcome: number, amount: number): Promise<boolean> {
    const { rows } = await sql<{ prediction_id: string; outcome: number; amount: string }>`
      select s.prediction_id, s.outcome, s.amount from ledger_transfer_set t join prediction_stake s on s.set_id = t.id where t.idempotency_key = ${key}`.execute(this.db);
    const first = rows[0];
    if (first === undefined) return false;
    if (Number(first.prediction_id) !== predictionId || first.outcome !== outcome || Number(first.amount) !== amount) throw errors.WALLET_IDEMPOTENCY_KEY_REUSED();
    return true;
  }

  /** A cancel by the room's anchor or admin, or ops: every stake refunded (once). */
  async cancel(actor: Actor, id: number): Promise<Prediction> {
    const row = (await sql<{ room_id: string }>`select room_id from prediction where id = ${id}`.execute(this.db)).rows[0];
    if (row === undefined) throw errors.PREDICTION_NOT_FOUND();
    await this.assertManager(actor, Number(row.room_id));
    const figures = await settlePrediction(this.db, id, () => ({ kind: 'cancel' }), actorName(actor));
    if (figures.answer === 'already') throw errors.PREDICTION_CLOSED();
    this.changed(id);
    return this.info(id, actor.kind === 'member' ? actor.userId : null);
  }

  /** Settles a bound prediction from its match's final score (the watcher; idempotent). */
  async settleFromScore(id: number, home: number, away: number, actor: string): Promise<SettleFigures> {
    const figures = await settlePrediction(this.db, id, (row) => ({ kind: 'winner', outcome: resolveOutcome(row.template as PredictionTemplate, home, away, row.line) }), actor);
    if (figures.answer !== 'already') this.changed(id);
    return figures;
  }

  /** Refunds a prediction whose match was abandoned (the watcher; idempotent). */
  async refund(id: number, actor: string): Promise<SettleFigures> {
    const figures = await settlePrediction(this.db, id, () => ({ kind: 'winner', outcome: null }), actor);
    if (figures.answer !== 'already') this.changed(id);
    return figures;
  }
}

export function actorName(actor: Actor): string {
  return actor.kind === 'ops' ? `ops:${actor.name}` : `member:${actor.userId}`;
}


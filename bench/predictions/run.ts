/**
 * `pnpm bench:predictions` (issue 35): the settlement of 100,000 stakes (BENCH_STAKES) on one
 * prediction, through the real service (`PredictionService.settleFromScore`, predictions/settlement.ts),
 * on a fresh database migrated by the server's own migrations (a throw-away embedded PostgreSQL,
 * or BENCH_DATABASE_ADMIN_URL).
 *
 * 1. Seed: an anchor, a room showing a football match, the members (app_user), each given 100
 *    points through the ledger in SQL that mirrors `transfer()` (one set `bench_points`, a
 *    transfer per member points issued → member points, the balance rows written to match).
 * 2. Stakes: BENCH_REAL_STAKES (200) through the real `PredictionService.stake` (the route's code:
 *    the lock by the database clock, the ledger set per Idempotency-Key, the stake row), then the
 *    rest in bulk SQL that writes what `stake()` writes for each: a ledger set
 *    `prediction:stake:<user>:bench-<n>` (kind prediction_stake), its transfer member points →
 *    prediction pool, the member's balance minus the amount, the pool's shards plus the sum, and
 *    the `prediction_stake` row. Amounts 1-100, outcomes spread over 主胜/平/客胜.
 * 3. The match ends 2:1; the settlement runs TWICE IN PARALLEL (two "nodes"): the time to the
 *    later answer is printed (target ≤ 5 s), one says `settled`, the other `already`.
 * 4. Checks: every winning stake paid exactly floor(amount × pool / winning) (the same rule in
 *    TypeScript, `pariMutuel`), the remainder to the platform, one settle set, and the ledger clean
 *    (`checkLedger`, what `pnpm ledger:verify` runs). Exit 1 when any fails.
 */
import { PredictionService, checkLedger, createDatabase, migrateToLatest, pariMutuel } from '@sports/server/bench';
import { openPostgres } from '../common/postgres';

const STAKES = Number(process.env.BENCH_STAKES ?? 100_000);
const REAL_STAKES = Number(process.env.BENCH_REAL_STAKES ?? 200);
const TARGET_MS = 5_000;
const log = (line: string) => console.log(`[bench:predictions] ${line}`);

async function main(): Promise<number> {
  const postgres = await openPostgres(log, { fsync: 'off', synchronous_commit: 'off' });
  const name = `bench_predictions_${Date.now().toString(36)}`;
  const admin = createDatabase({ connectionString: postgres.adminUrl, max: 1 });
  await admin.pool.query(`create database ${name}`);
  await admin.close();
  const url = new URL(postgres.adminUrl);
  url.pathname = `/${name}`;
  const handle = createDatabase({ connectionString: url.toString(), max: 8 });
  const { db, pool } = handle;
  let failures = 0;
  const check = (ok: boolean, what: string) => {
    log(`${ok ? 'PASS' : 'FAIL'} ${what}`);
    if (!ok) failures += 1;
  };
  try {
    log('migrating');
    await migrateToLatest(db);
    log(`seeding ${STAKES} members with 100 points each`);
    const seedStart = Date.now();
    const anchor = (await pool.query<{ id: string }>(`insert into app_user (mobile, user_nickname, avatar, is_anchor) values ('86-13900000000', '竞猜主播', '', 1) returning id`)).rows[0]!.id;
    const competition = (await pool.query<{ id: number }>(`insert into competition (sport, name_zh, short_name_zh) values ('football', '竞猜压测联赛', '压测') returning id`)).rows[0]!.id;
    const season = (await pool.query<{ id: number }>(`insert into season (competition_id, name) values ($1, 'bench') returning id`, [competition])).rows[0]!.id;
    const teams = (await pool.query<{ id: number }>(`insert into team (external_key, sport, name_zh, short_name_zh) values ('bench:h', 'football', '主队', '主队'), ('bench:a', 'football', '客队', '客队') returning id`)).rows;
    const match = (await pool.query<{ id: string }>(
      `insert into match (external_key, sport, competition_id, season_id, home_team_id, away_team_id, kickoff_at, status) values ('bench:m', 'football', $1, $2, $3, $4, now() + interval '1 hour', 'scheduled') returning id`,
      [competition, season, teams[0]!.id, teams[1]!.id],
    )).rows[0]!.id;
    const room = (await pool.query<{ id: string }>(`insert into live_room (owner_id, title, match_id) values ($1, '竞猜压测', $2) returning id`, [anchor, match])).rows[0]!.id;
    await pool.query(`insert into app_user (mobile, user_nickname, avatar, invite_code) select '86-138' || lpad(g::text, 8, '0'), '竞猜' || g, '', 'P' || upper(lpad(to_hex(g), 7, '0')) from generate_series(1, $1::int) g`, [STAKES]);
    // Points: mirrors transfer() for one set of STAKES legs (points issued → each member).
    await pool.query(`
      with accounts as (
        insert into ledger_account (kind, owner_id, shards) select 'member_points', id, 1 from app_user where id <> $1 returning id
      ), the_set as (
        insert into ledger_transfer_set (idempotency_key, kind, reference, fingerprint) values ('bench:points', 'bench_points', 'bench', 'bench') returning id, created_at
      ), moved as (
        insert into ledger_transfer (set_id, debit_account_id, credit_account_id, amount, kind, reference, created_at)
        select s.id, (select id from ledger_account where kind = 'points_issued'), a.id, 100, 'bench_points', 'bench', s.created_at from accounts a, the_set s returning credit_account_id
      )
      insert into ledger_balance (account_id, shard, kind, balance) select credit_account_id, 0, 'member_points', 100 from moved`, [anchor]);
    await pool.query(`insert into ledger_balance (account_id, shard, kind, balance) select id, 0, 'points_issued', $1 from ledger_account where kind = 'points_issued'`, [-100 * STAKES]);
    log(`seeded in ${Date.now() - seedStart} ms`);

    const service = new PredictionService(db);
    const prediction = await service.create({ kind: 'ops', name: 'bench' }, { room_id: Number(room), template: 'football_1x2' });
    const members = (await pool.query<{ id: string }>(`select id from app_user where id <> $1 order by id`, [anchor])).rows.map((row) => Number(row.id));
    const amountOf = (n: number) => 1 + ((n * 37) % 100);
    const outcomeOf = (n: number) => n % 3;

    log(`${REAL_STAKES} stakes through PredictionService.stake`);
    const realStart = Date.now();
    for (let n = 0; n < REAL_STAKES; n += 1) await service.stake(members[n]!, { id: prediction.id, outcome: outcomeOf(n), amount: amountOf(n) }, `bench-${n}`);
    log(`  ${((Date.now() - realStart) / REAL_STAKES).toFixed(2)} ms per stake (one at a time)`);

    log(`${STAKES - REAL_STAKES} stakes in bulk SQL mirroring stake()`);
    const bulkStart = Date.now();
    const pg2 = await pool.connect();
    try {
      await pg2.query('begin');
      await pg2.query(`
        create temporary table bench_stake on commit drop as
        select u.id as user_id, a.id as account_id, (g - 1) % 3 as outcome, 1 + (((g - 1) * 37) % 100) as amount, g - 1 as n
        from unnest($1::bigint[]) with ordinality as u(id, g) join ledger_account a on a.kind = 'member_points' and a.owner_id = u.id
        where g > $2`, [members, REAL_STAKES]);
      await pg2.query(`
        with sets as (
          insert into ledger_transfer_set (idempotency_key, kind, reference, fingerprint)
          select 'prediction:stake:' || user_id || ':bench-' || n, 'prediction_stake', 'prediction:' || $1 || ':o' || outcome, 'bench' from bench_stake
          returning id, idempotency_key, created_at
        ), joined as (
          select s.id as set_id, s.created_at, b.* from sets s join bench_stake b on s.idempotency_key = 'prediction:stake:' || b.user_id || ':bench-' || b.n
        ), moved as (
          insert into ledger_transfer (set_id, debit_account_id, credit_account_id, amount, kind, reference, created_at)
          select set_id, account_id, (select id from ledger_account where kind = 'prediction_pool'), amount, 'prediction_stake', 'prediction:' || $1 || ':o' || outcome, created_at from joined
          returning set_id
        )
        insert into prediction_stake (prediction_id, user_id, outcome, amount, set_id) select $1::bigint, user_id, outcome, amount, set_id from joined`, [prediction.id]);
      await pg2.query(`update ledger_balance b set balance = b.balance - s.amount from bench_stake s where b.account_id = s.account_id and b.shard = 0`);
      await pg2.query(`
        insert into ledger_balance (account_id, shard, kind, balance)
        select (select id from ledger_account where kind = 'prediction_pool'), 0, 'prediction_pool', sum(amount) from bench_stake
        on conflict (account_id, shard) do update set balance = ledger_balance.balance + excluded.balance`);
      await pg2.query('commit');
    } finally {
      pg2.release();
    }
    await pool.query('analyze');
    log(`  bulk stakes in ${Date.now() - bulkStart} ms`);

    const stakes = (await pool.query<{ user_id: string; outcome: number; amount: string }>(`select user_id, outcome, amount from prediction_stake where prediction_id = $1 order by id`, [prediction.id])).rows.map((row) => ({ user: Number(row.user_id), outcome: row.outcome, amount: Number(row.amount) }));
    check(stakes.length === STAKES, `${stakes.length} stakes on the prediction`);
    const expected = pariMutuel(stakes, 0);

    await pool.query(`update match set status = 'finished', home_score = 2, away_score = 1, finished_at = now() where id = $1`, [match]);
    log('settling twice in parallel (two nodes, the feed\'s final event twice)');
    const start = performance.now();
    const answers = await Promise.all([service.settleFromScore(prediction.id, 2, 1, 'bench:node-1'), service.settleFromScore(prediction.id, 2, 1, 'bench:node-2')]);
    const elapsed = performance.now() - start;
    log(`settlement of ${STAKES} stakes: ${elapsed.toFixed(0)} ms (target ≤ ${TARGET_MS} ms); answers: ${answers.map((answer) => answer.answer).join(', ')}`);
    const settled = answers.find((answer) => answer.answer === 'settled');
    log(`  pool ${settled?.pool}, paid ${settled?.paid} to ${settled?.winners} winning stakes, remainder ${settled?.remainder} to the platform`);
    check(elapsed <= TARGET_MS, `settlement ≤ ${TARGET_MS / 1000} s`);
    check(answers.filter((answer) => answer.answer === 'settled').length === 1 && answers.filter((answer) => answer.answer === 'already').length === 1, 'settling twice in parallel pays once (one settled, one already)');
    const again = await service.settleFromScore(prediction.id, 2, 1, 'bench:restart');
    check(again.answer === 'already', 'a third settlement (a restart) pays nothing');

    const payouts = (await pool.query<{ payout: string }>(`select coalesce(payout, 0) as payout from prediction_stake where prediction_id = $1 order by id`, [prediction.id])).rows.map((row) => Number(row.payout));
    check(payouts.every((payout, index) => payout === expected.payouts[index]), 'every payout is floor(amount × pool / winning), as pariMutuel computes');
    check(settled?.remainder === expected.remainder, `the remainder (${expected.remainder}) went to the platform`);
    const transfers = (await pool.query<{ n: string }>(`select count(*) as n from ledger_transfer t join ledger_transfer_set s on s.id = t.set_id where s.idempotency_key = $1`, [`prediction:settle:${prediction.id}`])).rows[0]!.n;
    check(Number(transfers) === expected.payouts.filter((payout) => payout > 0).length, `one payout transfer per winning stake (${transfers})`);
    const balances = (await pool.query<{ ok: boolean }>(`
      select bool_and(b.balance = 100 - s.amount + coalesce(s.payout, 0)) as ok from prediction_stake s join ledger_account a on a.kind = 'member_points' and a.owner_id = s.user_id
      join ledger_balance b on b.account_id = a.id where s.prediction_id = $1`, [prediction.id])).rows[0]!.ok;
    check(balances === true, 'every member holds 100 − stake + payout');
    const ledgerStart = Date.now();
    const problems = await checkLedger(db);
    check(problems.length === 0, `ledger:verify clean (${Date.now() - ledgerStart} ms)${problems.length > 0 ? `: ${problems.slice(0, 5).join('; ')}` : ''}`);
  } finally {
    await handle.close();
    await postgres.stop();
  }
  return failures === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

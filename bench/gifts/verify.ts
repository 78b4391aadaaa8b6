import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { checkLedger, type ServerProcess } from '@sports/server/bench';
import type { SendLedger } from './giftLoad';
import type { Audience } from './seed';

export interface Verdict {
  lines: string[];
  problems: string[];
}

const SERVER_DIR = fileURLToPath(new URL('../../server', import.meta.url));

/**
 * After the run, on the server's database: `checkLedger` (what `pnpm ledger:verify` checks) and the
 * command itself, then the gifts against what the bench saw: every key answered applied exactly
 * once (0 lost, 0 doubled) and every answer to a retried key is the first send's record; the coins
 * of the gift rows equal the gift transfers and what left the members; no balance below zero.
 */
export async function verifyRun(server: ServerProcess, audience: Audience, sends: SendLedger): Promise<Verdict> {
  const { db, pool } = server.database.handle;
  const lines: string[] = [];
  const problems = (await checkLedger(db)).map((problem) => `ledger: ${problem}`);

  const command = spawnSync('pnpm', ['--silent', '--dir', SERVER_DIR, 'run', 'ledger:verify'], { env: { ...process.env, DATABASE_URL: server.database.url }, encoding: 'utf8' });
  const said = `${command.stdout}${command.stderr}`.trim();
  lines.push(`pnpm ledger:verify (DATABASE_URL = the bench's database): exit ${command.status}: ${said.split('\n')[0] ?? ''}`);
  if (command.status !== 0) problems.push(`pnpm ledger:verify exited ${command.status}:\n${said}`);

  const rows = await pool.query<{ id: string; sender_id: string; idempotency_key: string; coins: string; transfer_set_id: string }>('select id, sender_id, idempotency_key, coins, transfer_set_id from gift_send');
  const byKey = new Map<string, typeof rows.rows>();
  for (const row of rows.rows) byKey.set(`${row.sender_id}:${row.idempotency_key}`, [...(byKey.get(`${row.sender_id}:${row.idempotency_key}`) ?? []), row]);
  let lost = 0;
  let doubled = 0;
  let mismatched = 0;
  let retriedKeys = 0;
  let unanswered = 0;
  let answeredCoins = 0;
  for (const [key, record] of sends.keys) {
    const applied = byKey.get(`${record.member.id}:${key}`) ?? [];
    if (applied.length > 1) doubled += 1;
    if (record.requests > 1) retriedKeys += 1;
    const [first, ...others] = record.answers;
    if (first === undefined) {
      if (applied.length === 0) unanswered += 1;
      continue;
    }
    answeredCoins += first.coins;
    if (applied.length === 0 || Number(applied[0]?.id) !== first.record_id) lost += 1;
    if (others.some((answer) => answer.record_id !== first.record_id || answer.coins !== first.coins || answer.balance !== first.balance || answer.created_at !== first.created_at)) mismatched += 1;
  }
  const strangers = rows.rows.filter((row) => !sends.keys.has(row.idempotency_key)).length;
  lines.push(`keys: ${sends.keys.size.toLocaleString('en-US')} (${retriedKeys.toLocaleString('en-US')} sent more than once); gift rows ${rows.rows.length.toLocaleString('en-US')}; lost ${lost}, doubled ${doubled}, retries answered another record ${mismatched}, rows of keys the bench never sent ${strangers}, keys never answered nor applied ${unanswered}`);
  if (lost > 0) problems.push(`${lost} answered sends have no gift row (lost)`);
  if (doubled > 0) problems.push(`${doubled} keys applied more than once (doubled)`);
  if (mismatched > 0) problems.push(`${mismatched} retried keys answered a different result`);
  if (strangers > 0) problems.push(`${strangers} gift rows of keys the bench never sent`);

  const sums = await pool.query<{ gift_rows: string; gift_coins: string; gift_sets: string; distinct_sets: string; gift_transfers: string; member_coins: string; min_balance: string; negative_users: string }>(`
    select
      (select count(*) from gift_send) as gift_rows,
      (select coalesce(sum(coins), 0) from gift_send) as gift_coins,
      (select count(*) from ledger_transfer_set where kind = 'gift') as gift_sets,
      (select count(distinct transfer_set_id) from gift_send) as distinct_sets,
      (select coalesce(sum(amount), 0) from ledger_transfer where kind = 'gift') as gift_transfers,
      (select coalesce(sum(balance), 0) from app_user where id = any($1::bigint[])) as member_coins,
      (select coalesce(min(balance), 0) from app_user) as min_balance,
      (select count(*) from ledger_balance where balance < 0 and kind <> 'payments_clearing') as negative_users`,
    [audience.members.map((member) => member.id)],
  );
  const figures = sums.rows[0];
  if (figures === undefined) throw new Error('the sums query answered no row');
  const funded = audience.members.length * audience.fundedCoins;
  const debited = funded - Number(figures.member_coins);
  lines.push(
    `coins: members were given ${funded.toLocaleString('en-US')} and hold ${Number(figures.member_coins).toLocaleString('en-US')} (debited ${debited.toLocaleString('en-US')}); gift rows ${Number(figures.gift_coins).toLocaleString('en-US')}; gift transfers ${Number(figures.gift_transfers).toLocaleString('en-US')}; answered to the bench ${answeredCoins.toLocaleString('en-US')}; lowest balance ${figures.min_balance}`,
  );
  if (debited !== Number(figures.gift_coins)) problems.push(`coins debited from members ${debited} <> coins of the gift rows ${figures.gift_coins}`);
  if (Number(figures.gift_transfers) !== Number(figures.gift_coins)) problems.push(`gift transfers sum to ${figures.gift_transfers} but the gift rows to ${figures.gift_coins}`);
  if (Number(figures.gift_sets) !== Number(figures.gift_rows) || Number(figures.distinct_sets) !== Number(figures.gift_rows)) problems.push(`${figures.gift_rows} gift rows but ${figures.gift_sets} gift transfer sets (${figures.distinct_sets} distinct on the rows)`);
  if (unanswered === 0 && answeredCoins !== Number(figures.gift_coins)) problems.push(`the bench was answered ${answeredCoins} coins but the gift rows hold ${figures.gift_coins}`);
  if (Number(figures.min_balance) < 0 || Number(figures.negative_users) > 0) problems.push(`negative balances: lowest app_user.balance ${figures.min_balance}, ${figures.negative_users} negative balance rows`);
  return { lines, problems };
}

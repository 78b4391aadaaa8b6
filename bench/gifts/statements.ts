import type { ServerProcess } from '@sports/server/bench';

/**
 * BENCH_GIFTS_STATEMENTS=1: the statements PostgreSQL ran for the gifts (pg_stat_statements,
 * loaded into the embedded server for this run), per send: how many, and their time. What to read
 * when the figures disappoint: the round trips of one send, and which of them are slow.
 */
export const STATEMENT_SETTINGS = { shared_preload_libraries: 'pg_stat_statements', 'pg_stat_statements.track': 'all' };

export async function resetStatements(server: ServerProcess): Promise<void> {
  await server.database.handle.pool.query('create extension if not exists pg_stat_statements');
  await server.database.handle.pool.query('select pg_stat_statements_reset()');
}

export async function printStatements(server: ServerProcess, sends: number): Promise<void> {
  const { rows } = await server.database.handle.pool.query<{ query: string; calls: string; total: number; mean: number; rows: string }>(
    `select regexp_replace(query, '\\s+', ' ', 'g') as query, calls, total_exec_time as total, mean_exec_time as mean, rows
     from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())
     order by total_exec_time desc limit 25`,
  );
  const all = await server.database.handle.pool.query<{ calls: string; total: number }>(
    `select sum(calls) as calls, sum(total_exec_time) as total from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())`,
  );
  const totals = all.rows[0];
  console.log(`  statements (pg_stat_statements) over ${sends.toLocaleString('en-US')} sends: ${(Number(totals?.calls ?? 0) / Math.max(sends, 1)).toFixed(1)} per send, ${(Number(totals?.total ?? 0) / Math.max(sends, 1)).toFixed(2)} ms of execution per send; the top ones:`);
  for (const row of rows) {
    console.log(`    ${(Number(row.calls) / Math.max(sends, 1)).toFixed(2)}/send  mean ${row.mean.toFixed(3)} ms  total ${row.total.toFixed(0)} ms  ${row.query.slice(0, 160)}`);
  }
}

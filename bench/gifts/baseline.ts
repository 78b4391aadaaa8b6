import { performance } from 'node:perf_hooks';
import { createDatabase } from '@sports/server/bench';
import { LatencyHistogram } from '../realtime/histogram';

export interface BaselineFigures {
  commits: number;
  seconds: number;
  latency: LatencyHistogram;
}

/**
 * The baseline: bare single-row INSERTs into a plain table (a bigserial key, two integers, a
 * timestamp; no other index, no trigger), each its own autocommit transaction, from `concurrency`
 * connections for `seconds`, on the database the server uses. What the database commits a second
 * with nothing else to do: a gift is one commit too, with its reads and writes around it.
 */
export async function bareInsertCommits(databaseUrl: string, concurrency: number, seconds: number): Promise<BaselineFigures> {
  const { pool, close } = createDatabase({ connectionString: databaseUrl, max: concurrency });
  try {
    await pool.query('create table if not exists bench_baseline_insert (id bigserial primary key, member_id bigint not null, amount integer not null, created_at timestamptz not null default now())');
    const figures: BaselineFigures = { commits: 0, seconds: 0, latency: new LatencyHistogram() };
    const started = performance.now();
    const until = started + seconds * 1000;
    const timer = setInterval(() => console.log(`[bench:gifts] baseline: ${((performance.now() - started) / 1000).toFixed(0)} s, ${figures.commits.toLocaleString('en-US')} commits`), 5_000);
    const worker = async (index: number) => {
      while (performance.now() < until) {
        const sentAt = performance.now();
        await pool.query('insert into bench_baseline_insert (member_id, amount) values ($1, $2)', [index + 1, 1]);
        figures.latency.record((performance.now() - sentAt) * 1000);
        figures.commits += 1;
      }
    };
    await Promise.all(Array.from({ length: concurrency }, (_, index) => worker(index)));
    clearInterval(timer);
    figures.seconds = (performance.now() - started) / 1000;
    await pool.query('drop table bench_baseline_insert');
    return figures;
  } finally {
    await close();
  }
}

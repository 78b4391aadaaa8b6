/**
 * `pnpm bench:alerts` (issue 39 part 2, "Measured"; server/src/alerts/README.md): a goal of a team
 * followed by BENCH_ALERTS_FOLLOWERS (100,000) members, BENCH_ALERTS_PAGES (5,000) of them with a
 * page open, against the real server (`src/main.ts`) in its own process on a fresh database of an
 * embedded PostgreSQL (or BENCH_DATABASE_ADMIN_URL).
 *
 * - The open pages are built-in chat connections logged in as the members, in no room (what the
 *   host keeps on every page), held by a separate process (pageFleet.ts), each timing the arrival
 *   of its alert.
 * - The goal is what the feed commits: a `match_event` row (the trigger of migration 0044 notes
 *   the alert in the same transaction); t0 is taken just before that INSERT.
 * - BENCH_ALERTS_ROUNDS (3) rounds in one run, each a quiet window (BENCH_ALERTS_QUIET_MS, 10 s:
 *   live-data pings with the pages open, no alert) and then a goal and the window from it until
 *   its fan-out is done (and 1 s more). The checks take the median over the rounds: one round's
 *   p99 of a few milliseconds is decided by whatever else the machine does that second.
 * - Printed per round: the alert's latency on the open pages (p50 / p99 / max, target p99 ≤ 1 s),
 *   the frames each page got (the alert only: its badge rides on it), the time until all 100,000
 *   赛事 messages are written (target ≤ 30 s), the live-data socket's latency p99 (WebSocket ping →
 *   pong on /ws/live-data, BENCH_ALERTS_PROBES clients every 20 ms) in both windows and their
 *   ratio (target ≤ 1.1), the goal window's p99 split into its first second (the alert's delivery) and the
 *   rest (the fan-out's statements), the server's own event-loop delay (/metrics) in both, and the server's
 *   CPU for the event per delivered alert and per message written.
 * - BENCH_ALERTS_CPU_PROF=<dir>: the server writes a V8 CPU profile there as it stops.
 * Exit 1 when a check or a target fails.
 */
import http from 'node:http';
import os from 'node:os';
import { issueSession, type ServerProcess, startServerProcess } from '@sports/server/bench';
import { processCpuMs } from '../common/cpu';
import { openPostgres } from '../common/postgres';
import { LatencyHistogram } from '../realtime/histogram';
import { LiveProbe, PageFleet } from './probes';

const FOLLOWERS = Number(process.env.BENCH_ALERTS_FOLLOWERS ?? 100_000);
const PAGES = Number(process.env.BENCH_ALERTS_PAGES ?? 5_000);
const QUIET_MS = Number(process.env.BENCH_ALERTS_QUIET_MS ?? 10_000);
/** Rounds of (quiet window, goal) in one run; the checks take the median (one round is at the mercy of the machine's other work). */
const ROUNDS = Number(process.env.BENCH_ALERTS_ROUNDS ?? 3);
const ALERT_TARGET_MS = 1_000;
const FANOUT_TARGET_MS = 30_000;
const LIVE_TARGET_RATIO = 1.1;
const log = (line: string) => console.log(`[bench:alerts] ${line}`);

function getJson(httpUrl: string, path: string, token: string, agent: http.Agent): Promise<{ code: number; data: { id: string | number; userSig: string } }> {
  const url = new URL(path, httpUrl);
  return new Promise((resolve, reject) => {
    http
      .get({ agent, host: url.hostname, port: Number(url.port), path: url.pathname + url.search, headers: { token } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
          } catch (error) {
            reject(error);
          }
        });
      })
      .on('error', reject);
  });
}

async function seed(server: ServerProcess): Promise<{ matchId: number; homeTeamId: number; identities: { userId: string; userSig: string }[] }> {
  const { db, pool } = server.database.handle;
  const competition = (await pool.query<{ id: number }>(`insert into competition (sport, name_zh, short_name_zh) values ('football', '提醒压测联赛', '压测') returning id`)).rows[0]!.id;
  const season = (await pool.query<{ id: number }>(`insert into season (competition_id, name) values ($1, 'bench') returning id`, [competition])).rows[0]!.id;
  const teams = (await pool.query<{ id: number }>(`insert into team (external_key, sport, name_zh, short_name_zh) values ('bench:h', 'football', '压测主队', '主队'), ('bench:a', 'football', '压测客队', '客队') returning id`)).rows;
  const homeTeamId = teams[0]!.id;
  const matchId = Number(
    (await pool.query<{ id: string }>(`insert into match (external_key, sport, competition_id, season_id, home_team_id, away_team_id, kickoff_at, status) values ('bench:m', 'football', $1, $2, $3, $4, now(), 'live') returning id`, [competition, season, homeTeamId, teams[1]!.id])).rows[0]!.id,
  );
  const ids = (await pool.query<{ id: string }>(`insert into app_user (mobile, user_nickname, avatar, invite_code) select '86-136' || lpad(g::text, 8, '0'), '球迷' || g, '', 'A' || upper(lpad(to_hex(g), 7, '0')) from generate_series(1, $1::int) g returning id`, [FOLLOWERS])).rows.map((row) => Number(row.id));
  await pool.query(`insert into member_follow (member_id, target_type, target_id) select id, 'team', $1 from unnest($2::bigint[]) as id`, [homeTeamId, ids]);
  await pool.query('analyze');
  // The pages: the first PAGES members, signed in (a session each), with their chat signature as the page reads it.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  const identities: { userId: string; userSig: string }[] = [];
  for (let start = 0; start < PAGES; start += 100) {
    const batch = ids.slice(start, Math.min(start + 100, PAGES));
    const sessions = await Promise.all(batch.map((id) => issueSession(db, id, 6 * 3_600)));
    const sigs = await Promise.all(sessions.map((session) => getJson(server.httpUrl, '/api/tenxun/getUserSig', session.token, agent)));
    for (const sig of sigs) {
      if (sig.code !== 200) throw new Error(`getUserSig answered ${sig.code}`);
      identities.push({ userId: String(sig.data.id), userSig: sig.data.userSig });
    }
  }
  agent.destroy();
  return { matchId, homeTeamId, identities };
}

const pct = (histogram: LatencyHistogram, share: number) => histogram.percentileMs(share).toFixed(1);

/**
 * The server's own event-loop delay since the last read (prom-client's default metrics on
 * /metrics, reset by each scrape): max and p99 in ms. Tells a stall of the server's loop from the
 * machine's cores being busy elsewhere.
 */
async function eventLoopLag(httpUrl: string): Promise<{ maxMs: number; p99Ms: number }> {
  const text = await (await fetch(new URL('/metrics', httpUrl))).text();
  const read = (name: string) => Number(new RegExp(`^${name} ([0-9.e+-]+)`, 'm').exec(text)?.[1] ?? Number.NaN) * 1000;
  return { maxMs: read('nodejs_eventloop_lag_max_seconds'), p99Ms: read('nodejs_eventloop_lag_p99_seconds') };
}

interface Round {
  quiet: LatencyHistogram;
  goal: LatencyHistogram;
  /** The goal window's first second (the alert's delivery), and the rest (the fan-out's statements). */
  alertSecond: LatencyHistogram;
  fanoutRest: LatencyHistogram;
  arrivals: number[];
  alertFrames: number;
  plainNotices: number;
  written: number;
  writtenMs: number;
  cpuMs: number;
  quietLag: { maxMs: number; p99Ms: number } | null;
  goalLag: { maxMs: number; p99Ms: number } | null;
}

/**
 * One round: a quiet window (QUIET_MS of live-data pings, pages open, no alert), then a goal and
 * a window from it until all its messages are written and 1 s more (the alert's frames, the
 * fan-out's batches). Both windows in the same minute of the same run: the machine's other work
 * weighs on both alike.
 */
async function round(index: number, server: ServerProcess, fleet: PageFleet, probe: LiveProbe, matchId: number): Promise<Round> {
  const { pool } = server.database.handle;
  await fleet.ask({ cmd: 'reset' }, 'reset');
  await eventLoopLag(server.httpUrl).catch(() => undefined);
  const quiet = probe.open();
  await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
  probe.close(quiet);
  const quietLag = await eventLoopLag(server.httpUrl).catch(() => null);

  const cpuBefore = processCpuMs(server.pid);
  const goal = probe.open();
  const alertSecond = probe.open();
  let fanoutRest: LatencyHistogram | null = null;
  const splitTimer = setTimeout(() => {
    probe.close(alertSecond);
    fanoutRest = probe.open();
  }, 1_000);
  const t0 = Date.now();
  const eventId = (
    await pool.query<{ id: string }>(
      `insert into match_event (external_key, match_id, kind, side, minute, player_zh, home_score, away_score, occurred_at) values ($2, $1, 'goal', 'home', $3, '压测球员', $4, 0, now()) returning id`,
      [matchId, `bench:goal:${index}`, 20 + index, index + 1],
    )
  ).rows[0]!.id;
  const alertId = Number((await pool.query<{ id: string }>(`select id from alert_event where event_key = $1`, [`match_event:${eventId}`])).rows[0]?.id ?? 0);
  let writtenMs = Number.NaN;
  for (;;) {
    const row = (await pool.query<{ done: boolean }>(`select fanout_done_at is not null as done from alert_event where id = $1`, [alertId])).rows[0];
    if (row?.done) {
      writtenMs = Date.now() - t0;
      break;
    }
    if (Date.now() - t0 > 120_000) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // The pages' alerts (and any badge pushes) settle.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  probe.close(goal);
  clearTimeout(splitTimer);
  probe.close(alertSecond);
  const rest: LatencyHistogram = fanoutRest ?? new LatencyHistogram();
  probe.close(rest);
  const cpuMs = processCpuMs(server.pid) - cpuBefore;
  const goalLag = await eventLoopLag(server.httpUrl).catch(() => null);
  const written = Number((await pool.query<{ n: string }>(`select count(*) as n from member_message where event_key = $1`, [`alert:${alertId}`])).rows[0]?.n ?? 0);
  const report = await fleet.ask({ cmd: 'report' }, 'report');
  const arrivals = (report.firstAlertAt as number[]).filter((at) => at > 0).map((at) => at - t0);
  return { quiet, goal, alertSecond, fanoutRest: rest, arrivals, alertFrames: Number(report.alertFrames), plainNotices: Number(report.plainNotices), written, writtenMs, cpuMs, quietLag, goalLag };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function main(): Promise<number> {
  log(`${FOLLOWERS} followers of one team, ${PAGES} with a page open, ${ROUNDS} rounds; ${os.cpus().length} cores (shared by the server, PostgreSQL and the load), load average ${os.loadavg().map((value) => value.toFixed(2)).join(' ')}`);
  const postgres = await openPostgres(log);
  let failures = 0;
  const check = (ok: boolean, what: string) => {
    log(`${ok ? 'PASS' : 'FAIL'} ${what}`);
    if (!ok) failures += 1;
  };
  // BENCH_ALERTS_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
  const profile: Record<string, string> = process.env.BENCH_ALERTS_CPU_PROF ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${process.env.BENCH_ALERTS_CPU_PROF}` } : {};
  const server = await startServerProcess(postgres.adminUrl, { HTTP_MAX_CONNECTIONS_PER_ADDRESS: '20000', HTTP_MAX_WEBSOCKETS_PER_ADDRESS: '20000', ...profile });
  const fleet = new PageFleet();
  const probe = new LiveProbe();
  try {
    const seeding = Date.now();
    const { matchId, identities } = await seed(server);
    log(`seeded ${FOLLOWERS} followers and ${PAGES} sessions in ${((Date.now() - seeding) / 1000).toFixed(1)} s`);
    await fleet.ready;
    const port = Number(new URL(server.httpUrl).port);
    const connected = await fleet.ask({ cmd: 'connect', port, identities }, 'connected');
    log(`${String(connected.count)} pages connected (chat, logged in, in no room)`);
    await probe.start(port);
    await new Promise((resolve) => setTimeout(resolve, 2_000));

    const rounds: Round[] = [];
    for (let index = 0; index < ROUNDS; index += 1) {
      log(`round ${index + 1} of ${ROUNDS}: ${QUIET_MS / 1000} s quiet, then a goal (load average ${os.loadavg().map((value) => value.toFixed(2)).join(' ')})`);
      const result = await round(index, server, fleet, probe, matchId);
      rounds.push(result);
      const alerts = new LatencyHistogram();
      for (const ms of result.arrivals) alerts.record(Math.max(0, ms) * 1000);
      log(`  alert on the open pages: ${result.arrivals.length} of ${PAGES}; p50 ${pct(alerts, 0.5)} ms, p99 ${pct(alerts, 0.99)} ms, max ${Math.max(...result.arrivals, 0)} ms; ${result.alertFrames} alert frames, ${result.plainNotices} badge notices`);
      log(`  赛事 messages: ${result.written} of ${FOLLOWERS} written in ${result.writtenMs} ms`);
      log(`  live-data ping p99: quiet ${pct(result.quiet, 0.99)} ms (${result.quiet.count} pongs), from the goal to 1 s after the fan-out ${pct(result.goal, 0.99)} ms (${result.goal.count}): ${(result.goal.percentileMs(0.99) / result.quiet.percentileMs(0.99)).toFixed(2)} ×; p50 ${pct(result.quiet, 0.5)} / ${pct(result.goal, 0.5)} ms`);
      log(`    of which the goal's first second (the alert's delivery) ${pct(result.alertSecond, 0.99)} ms (${result.alertSecond.count}), the rest (the fan-out) ${pct(result.fanoutRest, 0.99)} ms (${result.fanoutRest.count})`);
      if (result.quietLag !== null && result.goalLag !== null) log(`  the server's event-loop delay: quiet max ${result.quietLag.maxMs.toFixed(1)} ms, p99 ${result.quietLag.p99Ms.toFixed(1)} ms; from the goal max ${result.goalLag.maxMs.toFixed(1)} ms, p99 ${result.goalLag.p99Ms.toFixed(1)} ms`);
      log(`  server CPU for the event: ${result.cpuMs.toFixed(0)} ms: ${((result.cpuMs * 1000) / Math.max(1, result.arrivals.length)).toFixed(0)} µs per delivered alert (everything included), ${((result.cpuMs * 1000) / Math.max(1, result.written)).toFixed(1)} µs per message written`);
    }
    const ratios = rounds.map((result) => result.goal.percentileMs(0.99) / result.quiet.percentileMs(0.99));
    const alertP99s = rounds.map((result) => {
      const alerts = new LatencyHistogram();
      for (const ms of result.arrivals) alerts.record(Math.max(0, ms) * 1000);
      return alerts.percentileMs(0.99);
    });
    log(`over ${ROUNDS} rounds: live-data p99 ratio ${ratios.map((ratio) => ratio.toFixed(2)).join(', ')} (median ${median(ratios).toFixed(2)} ×); alert p99 ${alertP99s.map((ms) => ms.toFixed(0)).join(', ')} ms; written in ${rounds.map((result) => result.writtenMs).join(', ')} ms`);
    check(rounds.every((result) => result.arrivals.length === PAGES), `every open page got the alert in every round`);
    check(rounds.every((result) => result.alertFrames === PAGES), `each page got it once (${rounds.map((result) => result.alertFrames).join(', ')} frames)`);
    check(rounds.every((result) => result.plainNotices === 0), `no badge notice besides the alert (${rounds.map((result) => result.plainNotices).join(', ')})`);
    check(median(alertP99s) <= ALERT_TARGET_MS, `alert p99 ≤ ${ALERT_TARGET_MS} ms (median of the rounds)`);
    check(rounds.every((result) => result.written === FOLLOWERS), `one 赛事 message per follower in every round`);
    check(median(rounds.map((result) => result.writtenMs)) <= FANOUT_TARGET_MS, `all messages within ${FANOUT_TARGET_MS / 1000} s (median of the rounds)`);
    check(median(ratios) <= LIVE_TARGET_RATIO, `live-data p99 from the goal ≤ ${LIVE_TARGET_RATIO} × the quiet window's (median of the rounds' ratios)`);
  } finally {
    probe.stop();
    fleet.exit();
    await server.stop();
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

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
 * - Printed: the alert's latency on the open pages (p50 / p99 / max, target p99 ≤ 1 s), the time
 *   until all 100,000 赛事 messages are written (target ≤ 30 s), the live-data socket's latency
 *   p99 (WebSocket ping → pong on /ws/live-data, BENCH_ALERTS_PROBES clients every 20 ms) in a
 *   quiet window before the goal and in a window as long from the goal (target: no more than 10 %
 *   worse; the p99 of only the seconds the fan-out ran is printed too), and the
 *   server's CPU for the whole event per delivered alert and per message written.
 * Exit 1 when a check or a target fails.
 */
import { type ChildProcess, fork } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { WebSocket } from 'ws';
import { issueSession, type ServerProcess, startServerProcess } from '@sports/server/bench';
import { processCpuMs } from '../common/cpu';
import { openPostgres } from '../common/postgres';
import { LatencyHistogram } from '../realtime/histogram';

const FOLLOWERS = Number(process.env.BENCH_ALERTS_FOLLOWERS ?? 100_000);
const PAGES = Number(process.env.BENCH_ALERTS_PAGES ?? 5_000);
const PROBES = Number(process.env.BENCH_ALERTS_PROBES ?? 16);
const QUIET_MS = Number(process.env.BENCH_ALERTS_QUIET_MS ?? 10_000);
const ALERT_TARGET_MS = 1_000;
const FANOUT_TARGET_MS = 30_000;
const LIVE_TARGET_RATIO = 1.1;
const log = (line: string) => console.log(`[bench:alerts] ${line}`);

class PageFleet {
  private readonly child: ChildProcess;
  private readonly waiters = new Map<string, (message: Record<string, unknown>) => void>();
  /** The process says 'ready' once it listens for commands. */
  readonly ready: Promise<Record<string, unknown>>;
  constructor() {
    this.child = fork(fileURLToPath(new URL('./pageFleet.ts', import.meta.url)), [], { execArgv: process.execArgv });
    this.ready = new Promise((resolve) => this.waiters.set('ready', resolve));
    this.child.on('message', (message: Record<string, unknown>) => {
      const waiter = this.waiters.get(String(message.type));
      this.waiters.delete(String(message.type));
      waiter?.(message);
    });
  }
  ask(command: object, answer: string): Promise<Record<string, unknown>> {
    return new Promise((resolve) => {
      this.waiters.set(answer, resolve);
      this.child.send(command);
    });
  }
  exit(): void {
    if (this.child.connected) this.child.send({ cmd: 'exit' });
  }
}

/** Live-data sockets answering pings: the RTT of each pong, into every window open at the time. */
class LiveProbe {
  private readonly sockets: WebSocket[] = [];
  private timer: NodeJS.Timeout | null = null;
  private readonly windows = new Set<LatencyHistogram>();
  async start(port: number): Promise<void> {
    for (let index = 0; index < PROBES; index += 1) {
      const socket = new WebSocket(`ws://127.0.0.1:${port}/ws/live-data`, { perMessageDeflate: false });
      await new Promise<void>((resolve, reject) => {
        socket.once('open', () => resolve());
        socket.once('error', reject);
      });
      socket.send(JSON.stringify({ type: 'register', info: 'web' }));
      socket.on('pong', (data: Buffer) => {
        const micros = (performance.now() - Number(data.toString())) * 1000;
        for (const window of this.windows) window.record(micros);
      });
      this.sockets.push(socket);
    }
    this.timer = setInterval(() => {
      for (const socket of this.sockets) if (socket.readyState === WebSocket.OPEN) socket.ping(String(performance.now()));
    }, 20);
  }
  /** A window of samples from now until `close`. */
  open(): LatencyHistogram {
    const window = new LatencyHistogram();
    this.windows.add(window);
    return window;
  }
  close(window: LatencyHistogram): LatencyHistogram {
    this.windows.delete(window);
    return window;
  }
  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    for (const socket of this.sockets) socket.terminate();
  }
}

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

async function main(): Promise<number> {
  log(`${FOLLOWERS} followers of one team, ${PAGES} with a page open; ${os.cpus().length} cores (shared by the server, PostgreSQL and the load), load average ${os.loadavg().map((value) => value.toFixed(2)).join(' ')}`);
  const postgres = await openPostgres(log);
  let failures = 0;
  const check = (ok: boolean, what: string) => {
    log(`${ok ? 'PASS' : 'FAIL'} ${what}`);
    if (!ok) failures += 1;
  };
  const server = await startServerProcess(postgres.adminUrl, { HTTP_MAX_CONNECTIONS_PER_ADDRESS: '20000', HTTP_MAX_WEBSOCKETS_PER_ADDRESS: '20000' });
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

    log(`quiet window: ${QUIET_MS / 1000} s of live-data pings with the pages open, no alert`);
    await eventLoopLag(server.httpUrl).catch(() => undefined);
    const quiet = probe.open();
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    probe.close(quiet);
    const quietLag = await eventLoopLag(server.httpUrl).catch(() => null);

    const { pool } = server.database.handle;
    const cpuBefore = processCpuMs(server.pid);
    // Two windows from the goal: as long as the quiet one (the same measure, like for like), and
    // only while the fan-out runs (and 1 s after): the worst moment.
    const sameLength = probe.open();
    const during = probe.open();
    const t0 = Date.now();
    await pool.query(
      `insert into match_event (external_key, match_id, kind, side, minute, player_zh, home_score, away_score, occurred_at) values ('bench:goal', $1, 'goal', 'home', 23, '压测球员', 1, 0, now())`,
      [matchId],
    );
    const alertId = Number((await pool.query<{ id: string }>(`select id from alert_event where event_key like 'match_event:%' order by id desc limit 1`)).rows[0]?.id ?? 0);
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
    // The pages' alerts and the badge pushes settle.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    probe.close(during);
    const cpuMs = processCpuMs(server.pid) - cpuBefore;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, t0 + QUIET_MS - Date.now())));
    probe.close(sameLength);
    const goalLag = await eventLoopLag(server.httpUrl).catch(() => null);
    const written = Number((await pool.query<{ n: string }>(`select count(*) as n from member_message where event_key = $1`, [`alert:${alertId}`])).rows[0]?.n ?? 0);
    const report = await fleet.ask({ cmd: 'report' }, 'report');
    const arrivals = (report.firstAlertAt as number[]).filter((at) => at > 0).map((at) => at - t0);
    const alerts = new LatencyHistogram();
    for (const ms of arrivals) alerts.record(Math.max(0, ms) * 1000);

    log(`alert on the open pages: ${arrivals.length} of ${PAGES} pages; p50 ${pct(alerts, 0.5)} ms, p99 ${pct(alerts, 0.99)} ms, max ${Math.max(...arrivals, 0)} ms (target p99 ≤ ${ALERT_TARGET_MS} ms); ${String(report.alertFrames)} alert frames, ${String(report.plainNotices)} badge notices`);
    log(`赛事 messages: ${written} of ${FOLLOWERS} written in ${writtenMs} ms (target ≤ ${FANOUT_TARGET_MS} ms)`);
    log(`live-data ping p99: quiet ${QUIET_MS / 1000} s ${pct(quiet, 0.99)} ms (${quiet.count} pongs); the ${QUIET_MS / 1000} s from the goal ${pct(sameLength, 0.99)} ms (${sameLength.count}); only while the fan-out ran ${pct(during, 0.99)} ms (${during.count}); p50 ${pct(quiet, 0.5)} / ${pct(sameLength, 0.5)} / ${pct(during, 0.5)} ms`);
    if (quietLag !== null && goalLag !== null) log(`the server's event-loop delay: quiet max ${quietLag.maxMs.toFixed(1)} ms, p99 ${quietLag.p99Ms.toFixed(1)} ms; the ${QUIET_MS / 1000} s from the goal max ${goalLag.maxMs.toFixed(1)} ms, p99 ${goalLag.p99Ms.toFixed(1)} ms`);
    log(`server CPU for the event: ${cpuMs.toFixed(0)} ms: ${((cpuMs * 1000) / Math.max(1, arrivals.length)).toFixed(0)} µs per delivered alert (everything included), ${((cpuMs * 1000) / Math.max(1, written)).toFixed(1)} µs per message written`);
    check(arrivals.length === PAGES, `every open page got the alert (${arrivals.length}/${PAGES})`);
    check(Number(report.alertFrames) === PAGES, `each page got it once (${String(report.alertFrames)} frames)`);
    check(alerts.percentileMs(0.99) <= ALERT_TARGET_MS, `alert p99 ≤ ${ALERT_TARGET_MS} ms`);
    check(written === FOLLOWERS, `one 赛事 message per follower (${written})`);
    check(writtenMs <= FANOUT_TARGET_MS, `all messages within ${FANOUT_TARGET_MS / 1000} s`);
    check(sameLength.percentileMs(0.99) <= LIVE_TARGET_RATIO * quiet.percentileMs(0.99), `live-data p99 of the ${QUIET_MS / 1000} s from the goal ≤ ${LIVE_TARGET_RATIO} × the quiet ${QUIET_MS / 1000} s`);
    log(`(only while the fan-out ran: ${(during.percentileMs(0.99) / quiet.percentileMs(0.99)).toFixed(2)} × quiet)`);
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

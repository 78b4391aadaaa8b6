import { Writable } from 'node:stream';
import { sharedMessages } from '@sports/shared/server';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_COOKIE } from './accounts/sessions/sessionCookie';
import { DEFAULT_HALT_POLICY } from './rollouts/releaseHealth';
import { TEST_OPS_TOKEN, scratchReleases } from './rollouts/testing/releaseFixtures';
import { XHR, accountsTestOptions, createManualClock, freshIp, registerUser } from './testing/accounts';
import { embeddedTarget } from './testing/dbTargets';
import { type FuzzRequest, LEAK_PATTERNS, fuzzRequests, tableRowCounts } from './testing/routeFuzz';
import { useTestApp } from './testing/testApp';
import type { RegisteredRoute } from './infra/http/routeTable';

/**
 * Every registered route (from the app's own route table, so new routes are fuzzed without
 * editing this file) gets missing, wrong-typed, oversized, control-character, injection and
 * numeric-edge inputs in its path, query and body, as a guest and as a logged-in member who
 * passes the CSRF check and holds the ops token. Nothing may answer 5xx, leak internals, log an
 * error, or store anything.
 */

/** Tables that legitimately record attempts, whatever their input (each with why). */
const TABLES_THAT_LOG_ATTEMPTS: Record<string, string> = {
  mf_telemetry: 'POST /api/mf/telemetry stores every well-formed report a page sends, any message text included: that is its job',
  mf_audit: 'the control plane audits every release registration the ops token holder attempts, refused ones too',
  upload: 'POST /api/Member/getQiniuToken reads no input and issues one upload token (a row) per call',
  search_term_day:
    'GET /api/Search/index counts each query that found something, for the hot searches (its bookkeepingWrites): a fuzzed query of Latin letters can find a name by its pinyin',
};

/** Routes a member cannot be fuzzed on (they are still fuzzed as a guest). */
const GUEST_ONLY_ROUTES: Record<string, string> = {
  'POST /api/anchor_dynamics_user/insert':
    'every in-bounds text is a post the member means to publish (up to their rate), so the fuzz values that pass validation would store posts; its validation and refusals are tested in community/posts/posts.test.ts',
  'POST /api/Headlines_user/comment':
    'every in-bounds text naming a seeded article is a comment the member means to post (up to their rate), so the fuzz values that pass validation would store comments; its validation and refusals are tested in community/headlines/headlineComments.test.ts',
  'POST /api/Member/SignOut': 'ends the session by design, whatever the input; fuzzing it as the member would log the member out',
  'POST /api/Member/paymentPasswordCode':
    'reads no input and sends the member their payment-password change code (an sms_code and an sms_send_log row) on every call, as it must; its limits are tested in wallet/withdrawals/withdrawals.test.ts',
  'POST /api/ops/chargeRules':
    'with the ops token every in-bounds body is a recharge package ops mean to save (and audit), so the fuzz values that pass validation would create packages; its validation and refusals are tested in wallet/chargeRulesOps.test.ts',
  'POST /api/ops/headlines':
    'with the ops token every in-bounds body is an article ops mean to save (and audit); its validation and refusals are tested in community/headlines/headlines.test.ts',
  'POST /api/ops/headlines/:id': 'with the ops token an in-bounds body edits the seeded article of that id (audited); tested in community/headlines/headlines.test.ts',
  'POST /api/ops/moderation/words':
    'with the ops token every in-bounds body is a list of words ops mean to add or remove (audited, applied at once); its validation and refusals are tested in moderation/moderation.test.ts',
  'POST /api/moderation/report':
    'every in-bounds body naming an existing target (a user id) is a report the member means to file (up to their rate); its validation and refusals are tested in moderation/moderation.test.ts',
  'POST /api/ops/headlines/:id/state': 'with the ops token a valid state publishes, unpublishes or hides the seeded article of that id (audited); tested in community/headlines/headlines.test.ts',
  'POST /api/Clip/create':
    'every in-bounds body naming a live room is a clip (剪辑) the member means to make (up to their limits); its validation, limits and refusals are tested in clips/clips.test.ts',
  'POST /api/Points/checkIn':
    'reads no input and checks the member in for the China day (a ledger set and a points_checkin row) on its first call, as it must; once a day, its refusals and races are tested in points/points.test.ts',
  'POST /api/Follow/team':
    'every in-bounds body naming an existing team (an id the seed has) with follow true is a follow the member means (up to the bound), so the fuzz values that pass validation would store follows; its validation and refusals are tested in follows/follows.test.ts',
  'POST /api/Follow/league':
    'every in-bounds body naming an existing competition (an id the seed has) with follow true is a follow the member means (up to the bound), so the fuzz values that pass validation would store follows; its validation and refusals are tested in follows/follows.test.ts',
  'POST /api/Follow/player':
    'every in-bounds body naming an existing player (an id the seed has) with follow true is a follow the member means (up to the bound), so the fuzz values that pass validation would store follows; its validation and refusals are tested in follows/follows.test.ts',
  'POST /api/Notify/settings':
    'every in-bounds body is a switch the member means to set (a notify_setting row of their own, all kinds on by default); its validation and refusals are tested in alerts/alerts.test.ts',
  'POST /api/ops/rooms/:id/test':
    'with the ops token an in-bounds body (is_test 0 or 1) marks or clears the room of that id as a test room, as ops mean it to; its validation and refusals are tested in live/audience.test.ts',
};

const CONCURRENT_REQUESTS = 8;

/** Captures the app's log lines at warn and above: a client's mistake is never an error. */
function captureLogs(): { logger: pino.Logger; lines: Array<{ level: number; msg?: string; err?: { stack?: string } }> } {
  const lines: Array<{ level: number; msg?: string }> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line !== '') lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: pino({ level: 'warn' }, stream), lines };
}

describe('route fuzz [embedded PostgreSQL]', () => {
  const clock = createManualClock();
  const logs = captureLogs();
  const accounts = accountsTestOptions(clock);
  const ctx = useTestApp(embeddedTarget(), {
    ...accounts,
    app: { ...accounts.app, logger: logs.logger, releases: scratchReleases(DEFAULT_HALT_POLICY) },
  });
  let memberHeaders: Record<string, string> = {};
  let routes: RegisteredRoute[] = [];

  beforeAll(async () => {
    const member = await registerUser(ctx);
    memberHeaders = { ...XHR, cookie: `${TOKEN_COOKIE}=${member.token}`, 'x-ops-token': TEST_OPS_TOKEN };
    const fuzzable: RegisteredRoute[] = [];
    for (const route of ctx.app.routeTable) {
      if (route.websocket) console.info(`route fuzz: skipped ${route.method} ${route.url}: a WebSocket upgrade route (its frames are fuzzed by the socket suites)`);
      else if (route.method === 'HEAD') continue; // Fastify's automatic twin of a GET route.
      else fuzzable.push(route);
    }
    routes = fuzzable;
  });

  async function fuzzAs(identity: 'guest' | 'member'): Promise<string[]> {
    const problems: string[] = [];
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      if (identity === 'member' && GUEST_ONLY_ROUTES[key] !== undefined) {
        console.info(`route fuzz: ${key} fuzzed as a guest only: ${GUEST_ONLY_ROUTES[key]}`);
        continue;
      }
      const requests = fuzzRequests(route);
      // A few at a time: the database round trips overlap, as they would under real traffic.
      for (let start = 0; start < requests.length; start += CONCURRENT_REQUESTS) {
        const batch = requests.slice(start, start + CONCURRENT_REQUESTS);
        const answers = await Promise.all(batch.map((request) => send(request, identity === 'member' ? memberHeaders : {})));
        answers.forEach((problem, index) => {
          const request = batch[index] as FuzzRequest;
          if (problem !== null) problems.push(`${identity} ${request.method} ${request.url.slice(0, 120)} [${request.label}]: ${problem}`);
        });
      }
    }
    return problems;
  }

  async function send(request: FuzzRequest, headers: Record<string, string>): Promise<string | null> {
    const response = await ctx.app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers: request.body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      payload: request.body,
      // A fresh address per request: per-IP limits would otherwise answer everything after a while.
      remoteAddress: freshIp(),
    });
    if (response.statusCode >= 500) return `HTTP ${response.statusCode} ${response.body.slice(0, 200)}`;
    const leak = LEAK_PATTERNS.find((pattern) => pattern.test(response.body));
    if (leak !== undefined) return `leaks ${leak}: ${response.body.slice(0, 200)}`;
    if (request.url.toLowerCase().startsWith('/api/') && response.statusCode === 400) {
      const envelope = response.json() as { code?: number; msg?: string };
      if (envelope.code !== 1 || typeof envelope.msg !== 'string' || envelope.msg === '' || envelope.msg === sharedMessages.serverBusy) {
        return `400 without a readable envelope: ${response.body.slice(0, 200)}`;
      }
    }
    return null;
  }

  async function expectNothingStored(batch: () => Promise<string[]>): Promise<void> {
    const before = await tableRowCounts(ctx.db);
    const problems = await batch();
    const after = await tableRowCounts(ctx.db);
    for (const table of Object.keys(TABLES_THAT_LOG_ATTEMPTS)) {
      delete before[table];
      delete after[table];
    }
    expect.soft(problems, problems.slice(0, 200).join('\n')).toEqual([]);
    expect.soft(after).toEqual(before);
    const errors = logs.lines.filter((line) => line.level >= 50);
    expect.soft(errors.map((line) => `${line.msg} ${JSON.stringify(line).slice(0, 300)}`)).toEqual([]);
    // Every hostile input is refused by a schema, not by PostgreSQL (errorHandler logs those with their SQLSTATE).
    const caughtByDatabase = logs.lines.filter((line) => 'sqlState' in line);
    expect.soft(caughtByDatabase.map((line) => JSON.stringify(line).slice(0, 300))).toEqual([]);
    const stacks = logs.lines.filter((line) => JSON.stringify(line).includes('    at '));
    expect.soft(stacks.map((line) => JSON.stringify(line).slice(0, 300))).toEqual([]);
  }

  it('walks the whole route table', () => {
    const urls = routes.map((route) => `${route.method} ${route.url}`);
    // Spot checks that the table is the app's, not a stale list: one route of each area.
    expect(urls).toEqual(expect.arrayContaining(['GET /api/scores/match', 'POST /api/user/login', 'GET /api/Live_streaming/getRoomInfo', 'POST /api/mf/telemetry', 'GET /live/:file']));
    console.info(`route fuzz: ${routes.length} routes, ${routes.reduce((sum, route) => sum + fuzzRequests(route).length, 0)} requests per identity`);
  });

  // Thousands of requests per identity, more with every domain: about a minute on a quiet 2-core
  // machine, over two when other work shares the cores. The limit is a hang guard, not a budget.
  it('as a guest: no 5xx, no leaks, no errors logged, nothing stored', { timeout: 300_000 }, async () => {
    await expectNothingStored(() => fuzzAs('guest'));
  });

  it('as a member past the CSRF check with the ops token: the same', { timeout: 300_000 }, async () => {
    await expectNothingStored(() => fuzzAs('member'));
  });
});

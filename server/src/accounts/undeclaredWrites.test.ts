import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_COOKIE } from './sessions/sessionCookie';
import { installCsrfProtection } from './csrf';
import { errors } from '../infra/http/errorCatalogue';
import { installErrorHandlers } from '../infra/http/errorHandler';
import { installRouteTable } from '../infra/http/routeTable';
import { XHR, accountsTestOptions, createManualClock, freshIp, registerUser } from '../testing/accounts';
import { embeddedTarget } from '../testing/dbTargets';
import { httpRoutes, installWriteWatch, plausibleRequest, routeKey, watchWrites } from '../testing/stateChangeKit';
import { useTestApp } from '../testing/testApp';
import { createUser } from '../live/testing/roomsTestKit';

/**
 * No route writes to the database without saying so. Every GET of the app (from its route table)
 * is driven with plausible inputs (from its schema: required fields only, then every field) as a
 * guest, a signed-in member and an anchor with a room, each as the site's client sends it
 * (cookie, X-Requested-With). A request that made PostgreSQL run an INSERT, UPDATE, DELETE, … (the
 * pg client is watched per request through AsyncLocalStorage: testing/stateChangeKit.ts) must be
 * on a route that declares it (infra/http/stateChange.ts): `changesState: true` (the CSRF rule
 * applies) or `bookkeepingWrites: 'why'`. The one other way through: a route that changes state
 * only with some inputs (`api/Live/getLiveUrl?reset=1`) and checks the same rule for them itself
 * (`requireStateChangeProof`): the same request without X-Requested-With must then be refused by
 * the rule. A throwaway route that writes undeclared proves the check can fail.
 */

installWriteWatch();

const CSRF_REASONS = new Set([errors.BAD_ORIGIN.reason, errors.LIVE_NEEDS_XHR.reason]);

interface Identity {
  name: string;
  /** Headers as the site sends them; none for a guest. */
  headers: Record<string, string>;
  /** The same without X-Requested-With (undefined for a guest: nothing ambient to forge). */
  withoutXhr?: Record<string, string>;
}

/** Every GET of `app` that wrote without a declaration: `identity GET url: statements`. */
async function undeclaredWrites(app: FastifyInstance, identities: Identity[], overrides: Record<string, unknown>): Promise<string[]> {
  const found: Array<{ label: string; identity: Identity; request: { method: string; url: string }; statements: string[] }> = [];
  const pending: Array<{ label: string; identity: Identity; request: { method: string; url: string }; log: { statements: string[] } }> = [];
  for (const route of httpRoutes(app.routeTable)) {
    if (route.method !== 'GET' || route.changesState || route.config.bookkeepingWrites !== undefined) continue;
    for (const allFields of [false, true]) {
      const request = plausibleRequest(route, { allFields, overrides });
      for (const identity of identities) {
        const { log } = await watchWrites(() => app.inject({ method: 'GET', url: request.url, headers: identity.headers, remoteAddress: freshIp() }));
        pending.push({ label: `${identity.name} ${routeKey(route)} (${request.url.slice(0, 120)})`, identity, request, log });
      }
    }
  }
  // Writes a handler left running after its answer land in the same log: give them a moment.
  await new Promise((resolve) => setTimeout(resolve, 300));
  for (const entry of pending) if (entry.log.statements.length > 0) found.push({ ...entry, statements: entry.log.statements });

  const problems: string[] = [];
  for (const entry of found) {
    // Guarded by the rule for these inputs? The same request without X-Requested-With must be refused by it.
    if (entry.identity.withoutXhr !== undefined) {
      const { result, log } = await watchWrites(() => app.inject({ method: 'GET', url: entry.request.url, headers: entry.identity.withoutXhr, remoteAddress: freshIp() }));
      const reason = reasonOf(result.body);
      if (log.statements.length === 0 && reason !== undefined && CSRF_REASONS.has(reason)) {
        console.info(`undeclared writes: ${entry.label} writes only past the rule's own check (${reason})`);
        continue;
      }
    }
    problems.push(`${entry.label}: ${[...new Set(entry.statements)].join(' | ')}`);
  }
  await new Promise((resolve) => setTimeout(resolve, 300));
  return problems;
}

describe('no GET writes without declaring it [embedded PostgreSQL]', () => {
  const clock = createManualClock();
  const ctx = useTestApp(embeddedTarget(), accountsTestOptions(clock));
  let identities: Identity[] = [];
  let overrides: Record<string, unknown> = {};

  beforeAll(async () => {
    const member = await registerUser(ctx);
    const anchor = await createUser(ctx.db, { anchor: true });
    const room = await ctx.app.inject({ method: 'POST', url: '/api/Live/createRoom', payload: { title: '直播间', type: 1 }, headers: anchor.headers });
    const roomId = room.json().data.room_id as number;
    // A search term that finds the room (so api/Search/index reaches its hot-search count).
    overrides = { room_id: roomId, user_id: anchor.id, anchor_id: anchor.id, touid: anchor.id, name: '直播间' };
    const asBrowser = (token: string) => ({ cookie: `${TOKEN_COOKIE}=${token}` });
    identities = [
      { name: 'guest', headers: {} },
      { name: 'member', headers: { ...XHR, ...asBrowser(member.token) }, withoutXhr: asBrowser(member.token) },
      { name: 'anchor', headers: { ...XHR, ...asBrowser(anchor.headers.token as string) }, withoutXhr: asBrowser(anchor.headers.token as string) },
    ];
  });

  it('every GET that writes says so (changesState or bookkeepingWrites)', { timeout: 300_000 }, async () => {
    const problems = await undeclaredWrites(ctx.app, identities, overrides);
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('the bookkeeping routes say why', () => {
    const bookkeeping = ctx.app.routeTable.filter((route) => route.config.bookkeepingWrites !== undefined);
    for (const route of bookkeeping) console.info(`bookkeeping writes: ${routeKey(route)}: ${route.config.bookkeepingWrites}`);
    for (const route of bookkeeping) expect(route.config.bookkeepingWrites?.length).toBeGreaterThan(20);
  });

  describe('the check can fail', () => {
    let probe: FastifyInstance;
    beforeAll(async () => {
      probe = Fastify({ logger: false });
      installRouteTable(probe);
      installErrorHandlers(probe);
      await probe.register(fastifyCookie);
      installCsrfProtection(probe);
      // A write that changes no row still ran: that is what is watched.
      const write = async () => {
        await sql`update app_user set user_nickname = user_nickname where false`.execute(ctx.db);
        return { ok: true };
      };
      probe.get('/probe/undeclared', write);
      probe.get('/probe/flagged', { config: { changesState: true } }, write);
      probe.get('/probe/bookkeeping', { config: { bookkeepingWrites: 'a throwaway route of this test, writing nothing real' } }, write);
      probe.get('/probe/reads', async () => {
        await sql`select 1`.execute(ctx.db);
        return { ok: true };
      });
      probe.get('/probe/later', async () => {
        // Not awaited: the write lands after the answer, and is still this request's.
        setTimeout(() => void write().catch(() => undefined), 50);
        return { ok: true };
      });
      await probe.ready();
    });
    afterAll(() => probe.close());

    it('a throwaway route that writes without the flag is reported; flagged, bookkeeping and reading ones are not', async () => {
      const problems = await undeclaredWrites(probe, identities, overrides);
      expect(problems.map((line) => line.split(' (')[0])).toEqual([
        'guest GET /probe/undeclared',
        'member GET /probe/undeclared',
        'anchor GET /probe/undeclared',
        'guest GET /probe/undeclared',
        'member GET /probe/undeclared',
        'anchor GET /probe/undeclared',
        'guest GET /probe/later',
        'member GET /probe/later',
        'anchor GET /probe/later',
        'guest GET /probe/later',
        'member GET /probe/later',
        'anchor GET /probe/later',
      ]);
      expect(problems[0]).toContain('update app_user set user_nickname');
    });
  });
});

function reasonOf(body: string): string | undefined {
  try {
    return (JSON.parse(body) as { reason?: string }).reason;
  } catch {
    return undefined;
  }
}

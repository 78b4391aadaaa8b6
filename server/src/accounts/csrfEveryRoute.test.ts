import { beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_COOKIE } from './sessions/sessionCookie';
import { errors } from '../infra/http/errorCatalogue';
import type { RegisteredRoute } from '../infra/http/routeTable';
import { XHR, accountsTestOptions, createManualClock, freshIp, registerUser } from '../testing/accounts';
import { embeddedTarget } from '../testing/dbTargets';
import { changedTables, databaseFingerprint, httpRoutes, installWriteWatch, plausibleRequest, routeKey, watchWrites } from '../testing/stateChangeKit';
import { useTestApp } from '../testing/testApp';
import { createUser } from '../live/testing/roomsTestKit';

/**
 * The one CSRF rule (csrf.ts) on every route that changes state, from the app's own route table
 * (so a route added tomorrow is covered by itself): a signed-in member's browser sent there by
 * another site (the session cookie, `Sec-Fetch-Site: cross-site`, no X-Requested-With) is refused
 * with the documented reason and the database does not change; the same request from the site
 * (X-Requested-With, same-origin) is not refused by the rule (it may still fail validation).
 */

installWriteWatch();

/** The reasons the rule answers with (errorCatalogue.ts); both read 请求来源无效. */
const CSRF_REASONS = new Set([errors.BAD_ORIGIN.reason, errors.LIVE_NEEDS_XHR.reason]);

describe('the CSRF rule on every state-changing route [embedded PostgreSQL]', () => {
  const clock = createManualClock();
  const ctx = useTestApp(embeddedTarget(), accountsTestOptions(clock));
  let cookie = '';
  let overrides: Record<string, unknown> = {};
  let routes: RegisteredRoute[] = [];

  beforeAll(async () => {
    const member = await registerUser(ctx);
    cookie = `${TOKEN_COOKIE}=${member.token}`;
    // Real ids, so that a request that got through would have something to change.
    const anchor = await createUser(ctx.db, { anchor: true });
    const room = await ctx.app.inject({ method: 'POST', url: '/api/Live/createRoom', payload: { title: '直播间', type: 1 }, headers: anchor.headers });
    overrides = { room_id: room.json().data.room_id, user_id: anchor.id, anchor_id: anchor.id, touid: anchor.id };
    routes = httpRoutes(ctx.app.routeTable).filter((route) => route.changesState);
  });

  const send = (route: RegisteredRoute, headers: Record<string, string>) => {
    const request = plausibleRequest(route, { allFields: true, overrides });
    return ctx.app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers: { cookie, ...headers, ...(request.body === undefined ? {} : { 'content-type': 'application/json' }) },
      payload: request.body,
      remoteAddress: freshIp(),
    });
  };

  it('covers the GETs that change state, not only the POSTs', () => {
    const keys = routes.map(routeKey);
    expect(keys).toEqual(
      expect.arrayContaining([
        'GET /api/Bank_card/bind',
        'GET /api/Bank_card/bindAliPay',
        'GET /api/Barrage/send',
        'GET /api/Balance/applyForWithdrawal',
        'GET /api/Balance/conversionBalance',
        'GET /api/Member/sneHorn',
        'GET /api/member/handselGift',
        'GET /api/guard_user/buy',
        'GET /api/chargerules/payUrl',
        'GET /api/Live/startRoom',
        'GET /api/tenxun/setRoomAdmin',
        'HEAD /api/Bank_card/bind',
        'POST /api/member/updateInfo',
        'POST /api/Live/replayUpdate',
        'POST /api/Live/replayDelete',
        'POST /api/Clip/create',
        'POST /api/Clip/update',
        'POST /api/Clip/delete',
        'POST /api/Live/setClipOffset',
      ]),
    );
    console.info(`csrf: ${routes.length} state-changing routes (${routes.filter((route) => route.method === 'GET').length} GETs)`);
  });

  it('a cross-site request with the cookie is refused, with the documented reason, and changes nothing', { timeout: 120_000 }, async () => {
    const before = await databaseFingerprint(ctx.db);
    const problems: string[] = [];
    for (const route of routes) {
      // Sec-Fetch-Site alone (no Origin: a top-level GET navigation sends none) and a foreign Origin alone.
      for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { origin: 'https://evil.test' }] as Record<string, string>[]) {
        const { result: response, log } = await watchWrites(() => send(route, headers));
        const label = `${routeKey(route)} ${JSON.stringify(headers)}`;
        if (response.statusCode !== 403) problems.push(`${label}: HTTP ${response.statusCode} ${response.body.slice(0, 160)}`);
        else if (route.method !== 'HEAD' && reasonOf(response.body) !== errors.BAD_ORIGIN.reason) problems.push(`${label}: ${response.body.slice(0, 160)}`);
        if (log.statements.length > 0) problems.push(`${label}: wrote ${log.statements.join(' | ')}`);
      }
    }
    const after = await databaseFingerprint(ctx.db);
    expect(problems, problems.join('\n')).toEqual([]);
    expect(changedTables(before, after)).toEqual([]);
  });

  it('without X-Requested-With (a link, a form, an old browser) it is refused too: LIVE_NEEDS_XHR for a GET, BAD_ORIGIN otherwise', { timeout: 120_000 }, async () => {
    const before = await databaseFingerprint(ctx.db);
    const problems: string[] = [];
    for (const route of routes) {
      const { result: response, log } = await watchWrites(() => send(route, {}));
      const expected = route.method === 'GET' ? errors.LIVE_NEEDS_XHR : errors.BAD_ORIGIN;
      if (route.config.beaconToken === true) {
        // The heartbeat accepts a beacon token instead; without one it is refused all the same.
        if (response.statusCode !== 403 || reasonOf(response.body) !== errors.BAD_ORIGIN.reason) problems.push(`${routeKey(route)}: ${response.statusCode} ${response.body.slice(0, 160)}`);
      } else if (response.statusCode !== 403) problems.push(`${routeKey(route)}: HTTP ${response.statusCode} ${response.body.slice(0, 160)}`);
      else if (route.method !== 'HEAD' && reasonOf(response.body) !== expected.reason) problems.push(`${routeKey(route)}: ${response.body.slice(0, 160)}`);
      if (log.statements.length > 0) problems.push(`${routeKey(route)}: wrote ${log.statements.join(' | ')}`);
    }
    const after = await databaseFingerprint(ctx.db);
    expect(problems, problems.join('\n')).toEqual([]);
    expect(changedTables(before, after)).toEqual([]);
  });

  it('the same request from the site (X-Requested-With, same-origin) is not refused by the rule', { timeout: 120_000 }, async () => {
    const problems: string[] = [];
    for (const route of routes) {
      if (route.method === 'HEAD') continue; // No body to read the reason from; its GET is checked.
      const response = await send(route, { ...XHR, 'sec-fetch-site': 'same-origin', origin: 'http://localhost:80', host: 'localhost:80' });
      const reason = reasonOf(response.body);
      if (reason !== undefined && CSRF_REASONS.has(reason)) problems.push(`${routeKey(route)}: ${response.body.slice(0, 160)}`);
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });
});

function reasonOf(body: string): string | undefined {
  try {
    return (JSON.parse(body) as { reason?: string }).reason;
  } catch {
    return undefined;
  }
}

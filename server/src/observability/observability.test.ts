import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../accounts/index';
import { goalAudience } from '../scores/liveData/liveDataHub';
import { createManualClock } from '../testing/accounts';
import { LIVE_TEST_START, liveFeedTestOptions, playFeed } from '../scores/feed/testing/liveTestKit';
import { DEFAULT_HALT_POLICY } from '../rollouts/releaseHealth';
import { TEST_OPS_TOKEN, scratchReleases } from '../rollouts/testing/releaseFixtures';
import { describeEachDatabase, useTestApp } from '../testing/testApp';
import { TestSocket } from '../testing/testSocket';

/** OpenAPI writes `/rooms/:id` as `/rooms/{id}` and a trailing wildcard as `{*}`; the rest of a pattern stays. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{*}');

interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }> }; parameters?: { in: string; name: string }[]; responses?: Record<string, unknown> }>>;
}

/** One sample's value from Prometheus text (`name{labels} value`), or undefined when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (match === null || match[1] !== name) continue;
    const present = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((pair) => [pair[1], pair[2]]));
    if (Object.entries(labels).every(([key, value]) => present[key] === value)) return Number(match[3]);
  }
  return undefined;
}

describeEachDatabase('/api/docs and /metrics (development: open)', (target) => {
  const ctx = useTestApp(target);
  let document: OpenApiDocument;

  beforeAll(async () => {
    const response = await ctx.app.inject('/api/docs/json');
    expect(response.statusCode).toBe(200);
    document = response.json();
  });

  it('is an OpenAPI 3 document of this server', () => {
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info).toEqual({ title: 'Sports live platform API', version: expect.stringMatching(/^\d+\.\d+\.\d+/), description: expect.any(String) });
  });

  it('lists every route of the route table but its own pages and /metrics, schema or not, and nothing else', () => {
    const hidden = (url: string) => url === '/metrics' || url === '/api/docs' || url.startsWith('/api/docs/');
    const registered = ctx.app.routeTable.filter((route) => !hidden(route.url)).map((route) => `${route.method} ${openApiPath(route.url)}`);
    const listed = Object.entries(document.paths).flatMap(([url, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${url}`));
    // Every route but the HEAD twins Fastify adds beside each GET (the GET documents them);
    // HEAD routes a plugin registers itself (the static files) are listed as well.
    const expected = registered.filter((route) => !route.startsWith('HEAD '));
    expect(expected.length).toBeGreaterThan(50);
    expect(listed).toEqual(expect.arrayContaining(expected));
    expect(registered).toEqual(expect.arrayContaining(listed));
    expect(new Set(listed).size).toBe(listed.length);
    // The site's files (served by @fastify/static, which hides its routes by default) are listed too.
    expect(document.paths['/web/{*}']?.get).toBeDefined();
    // Both sockets are there, as the GET that upgrades.
    expect(document.paths['/ws/live-data']?.get).toMatchObject({ description: expect.stringContaining('WebSocket') });
    expect(document.paths['/ws/chat']?.get).toMatchObject({ description: expect.stringContaining('WebSocket') });
  });

  it('describes requests and answers from the route schemas', () => {
    const login = document.paths['/api/user/login']?.post;
    const body = login?.requestBody?.content['application/json']?.schema;
    expect(body?.properties).toHaveProperty('mobile');
    expect(body?.properties).toHaveProperty('password');
    expect(body?.required).toEqual(expect.arrayContaining(['mobile', 'password']));
    // A query parameter and an answer schema.
    expect(document.paths['/api/Live/getLiveUrl']?.get?.parameters?.map((parameter) => `${parameter.in}:${parameter.name}`)).toContain('query:reset');
    expect(document.paths['/api/Member/info']?.get?.responses).toHaveProperty('200');
  });

  it("documents every API call's failure answer with its reason keys (the error catalogue)", () => {
    const failure = document.paths['/api/user/login']?.post?.responses?.default as { content?: Record<string, { schema?: { properties?: Record<string, { enum?: string[] }>; required?: string[] } }> } | undefined;
    const schema = failure?.content?.['application/json']?.schema;
    expect(schema?.required).toEqual(['code', 'msg', 'data', 'reason']);
    expect(schema?.properties?.reason?.enum).toEqual(expect.arrayContaining(['LOGIN_REQUIRED', 'SMS_RESEND_TOO_SOON']));
    // Not the site's files: they answer files, not the envelope.
    expect(document.paths['/web/{*}']?.get?.responses).not.toHaveProperty('default');
  });

  it('serves Swagger UI at /api/docs under the site policy (scripts from files only)', async () => {
    const page = await ctx.app.inject('/api/docs');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('swagger-initializer.js');
    expect(page.headers['content-security-policy']).toContain("script-src 'self';");
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    const initializer = await ctx.app.inject('/api/docs/static/swagger-initializer.js');
    expect(initializer.statusCode).toBe(200);
    expect(initializer.body).toContain("resolveUrl('./json')");
    expect((await ctx.app.inject('/api/docs/static/swagger-ui-bundle.js')).statusCode).toBe(200);
  });

  it('counts requests by route pattern, method and status class, never by the URL sent', async () => {
    expect((await ctx.app.inject('/api/universal/getHot')).statusCode).toBe(200);
    expect((await ctx.app.inject('/no/such/page/12345')).statusCode).toBe(404);
    const response = await ctx.app.inject('/metrics');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(sample(text, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/universal/getHot', status_class: '2xx' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'http_request_duration_seconds_bucket', { route: '/api/universal/getHot', le: '+Inf' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'http_request_duration_seconds_count', { route: 'unmatched', status_class: '4xx' })).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('/no/such/page');
  });

  it('reports the process, the database pool, the ingest and the fan-out', async () => {
    const text = (await ctx.app.inject('/metrics')).body;
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'sports_db_pool_connections')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'sports_db_pool_idle_connections')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'sports_db_pool_waiting_requests')).toBe(0);
    expect(sample(text, 'sports_db_pool_max_connections')).toBeGreaterThan(0);
    expect(sample(text, 'sports_ingest_streams_live')).toBe(0);
    expect(sample(text, 'sports_socket_messages_fanned_out_total', { kind: 'live-data' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'sports_socket_messages_fanned_out_total', { kind: 'chat' })).toBeGreaterThanOrEqual(0);
    // argon2's work on this node: one more hash shows as one more.
    const hashesBefore = sample(text, 'sports_password_work_total', { kind: 'hash' }) as number;
    expect(sample(text, 'sports_password_work_total', { kind: 'verify' })).toBeGreaterThanOrEqual(0);
    await hashPassword('a-new-password');
    expect(sample((await ctx.app.inject('/metrics')).body, 'sports_password_work_total', { kind: 'hash' })).toBe(hashesBefore + 1);
    // No feed in this app (tests opt in): no lag to report rather than a made-up one.
    expect(sample(text, 'sports_feed_lag_seconds')).toBeUndefined();
    expect(sample(text, 'sports_feed_leading')).toBeUndefined();
  });

  it('counts a live-data socket while it is open, and the messages the hub fans out', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (ctx.app.server.address() as AddressInfo).port;
    const open = async () => sample((await ctx.app.inject('/metrics')).body, 'sports_sockets_open', { kind: 'live-data' });
    const fannedOut = async () => sample((await ctx.app.inject('/metrics')).body, 'sports_socket_messages_fanned_out_total', { kind: 'live-data' }) ?? 0;
    const before = await open();
    const client = await TestSocket.open(`ws://127.0.0.1:${port}/ws/live-data`);
    client.send({ type: 'register', info: 'web' });
    expect(await client.next()).toEqual({ type: 'registered' });
    expect(await open()).toBe((before ?? 0) + 1);
    const published = await fannedOut();
    const hub = ctx.app.liveDataHub;
    hub.broadcast('goal', hub.currentSeq('goal') + 1, { match_id: 1, iszhu: 1, match_str: "10'", home_team_name_zh: '主', away_team_name_zh: '客', home_score: 1, away_score: 0 }, goalAudience());
    expect(await fannedOut()).toBe(published + 1);
    client.close();
    await client.closed;
    await expect.poll(open).toBe(before);
  });
});

describeEachDatabase('/api/docs and /metrics (production: behind the ops token)', (target) => {
  const clock = createManualClock(LIVE_TEST_START);
  const ctx = useTestApp(target, {
    app: {
      observability: { apiDocs: 'protected', metrics: 'protected' },
      releases: scratchReleases(DEFAULT_HALT_POLICY),
      // This node runs a feed: its lag is reported.
      live: { feed: liveFeedTestOptions(clock) },
      accountOverrides: { clock },
    },
  });
  const asOps = { 'x-ops-token': TEST_OPS_TOKEN };

  it.each(['/metrics', '/api/docs', '/api/docs/json'])('%s answers 403 with the envelope without the token, or with a wrong one', async (url) => {
    for (const headers of [{}, { 'x-ops-token': 'not-the-token-0123456789' }]) {
      const response = await ctx.app.inject({ url, headers });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 1, msg: '需要运维权限' });
      expect(response.body).not.toContain('http_request_duration_seconds');
    }
  });

  it.each(['/metrics', '/api/docs', '/api/docs/json'])('%s answers 200 with the ops token', async (url) => {
    const response = await ctx.app.inject({ url, headers: asOps });
    expect(response.statusCode).toBe(200);
  });

  it('reports how long ago the feed stored its last batch', async () => {
    await playFeed(ctx.app, clock, 10_000);
    const text = (await ctx.app.inject({ url: '/metrics', headers: asOps })).body;
    expect(sample(text, 'sports_feed_leading')).toBe(1);
    const lag = sample(text, 'sports_feed_lag_seconds');
    expect(lag).toBeGreaterThanOrEqual(0);
    expect(lag).toBeLessThan(5);
    expect(sample(text, 'sports_socket_messages_fanned_out_total', { kind: 'live-data' })).toBeGreaterThan(0);
  });
});

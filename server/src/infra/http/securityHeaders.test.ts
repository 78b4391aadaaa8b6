import { describe, expect, it } from 'vitest';
import { defaultChatConfig } from '../../chat/chatConfig';
import { createUser } from '../../live/media/testing/mediaTestKit';
import { embeddedTarget } from '../../testing/dbTargets';
import { useTestApp } from '../../testing/testApp';
import { IMMUTABLE } from './cachePolicy';

// Headers do not depend on the database flavour: the embedded target is enough.
const embedded = embeddedTarget();

/** A CSP header as { directive: [sources] }. */
function directives(header: string | string[] | number | undefined): Record<string, string[]> {
  expect(typeof header).toBe('string');
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0] !== '')
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

function expectCommonHeaders(headers: Record<string, unknown>): void {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('same-origin');
}

describe('security headers', () => {
  const ctx = useTestApp(embedded, { seed: false });

  it('gives the site page a policy it runs under: own scripts only, no eval, no framing', async () => {
    const response = await ctx.app.inject('/web/');
    expect(response.statusCode).toBe(200);
    expectCommonHeaders(response.headers);
    const policy = directives(response.headers['content-security-policy']);
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['base-uri']).toEqual(["'self'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    // Players play MSE and workers run from blob: URLs; covers come from https: hosts.
    expect(policy['media-src']).toEqual(["'self'", 'blob:']);
    expect(policy['worker-src']).toEqual(["'self'", 'blob:']);
    expect(policy['img-src']).toEqual(expect.arrayContaining(["'self'", 'data:', 'https:']));
    // Built-in chat: sockets to this site only.
    expect(policy['connect-src']).toEqual(["'self'"]);
    expect(response.headers['content-security-policy']).not.toContain('unsafe-eval');
  });

  it('sends the same headers on scripts and other files, keeping their cache policy', async () => {
    const response = await ctx.app.inject('/web/main.3f9a0c1e2b4d.js');
    expect(response.statusCode).toBe(200);
    expectCommonHeaders(response.headers);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('answers the API with no-store and a policy that renders nothing', async () => {
    for (const url of ['/api/hot_match/initial_list', '/API/Universal/getHot', '/api/nope']) {
      const response = await ctx.app.inject(url);
      expectCommonHeaders(response.headers);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(directives(response.headers['content-security-policy'])).toEqual({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] });
    }
  });

  it('does not let a cache keep a push address: getLiveUrl is no-store', async () => {
    const anchor = await createUser(ctx.db, { anchor: true, room: '安全头测试' });
    const response = await ctx.app.inject({ url: '/api/Live/getLiveUrl', headers: { token: anchor.token } });
    expect(response.json()).toMatchObject({ code: 200, data: { stream_key: expect.stringMatching(/sign=/) } });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('keeps the stricter policy uploads and avatars set themselves', async () => {
    const response = await ctx.app.inject('/static/avatars/avatar-1.svg');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toContain('sandbox');
    expectCommonHeaders(response.headers);
  });

  it('gives the mobile site (the host page as its second shell) the same strict site policy', async () => {
    const site = await ctx.app.inject('/web/');
    const response = await ctx.app.inject('/h5/');
    expect(response.statusCode).toBe(200);
    expectCommonHeaders(response.headers);
    expect(response.headers['content-security-policy']).toBe(site.headers['content-security-policy']);
    const policy = directives(response.headers['content-security-policy']);
    expect(policy['script-src']).toEqual(["'self'"]);
    // Its manifest and its worker come from this site: 'self' covers them.
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['worker-src']).toContain("'self'");
  });

  it("runs the mobile site's service worker under its own policy: it may fetch this site, nothing else", async () => {
    const response = await ctx.app.inject('/h5/sw.js');
    expect(response.statusCode).toBe(200);
    expectCommonHeaders(response.headers);
    const policy = directives(response.headers['content-security-policy']);
    expect(policy).toEqual({ 'default-src': ["'none'"], 'connect-src': ["'self'"] });
  });
});

describe('security headers with Tencent IM', () => {
  const ctx = useTestApp(embedded, {
    seed: false,
    app: { chat: { config: { ...defaultChatConfig(), provider: 'tencent', tencent: { sdkAppId: 1400000001, secretKey: 'tencent-test-key' } } } },
  });

  it("lets the page reach Tencent's IM servers, and nothing else outside", async () => {
    const response = await ctx.app.inject('/web/');
    const connect = directives(response.headers['content-security-policy'])['connect-src'] ?? [];
    expect(connect).toContain("'self'");
    expect(connect).toContain('wss://*.qcloud.com');
    expect(connect).toContain('https://*.qcloud.com');
    expect(connect.every((source) => source === "'self'" || /^(wss|https):\/\/\*\.(qcloud\.com|tim\.qq\.com|my-imcloud\.com)$/.test(source))).toBe(true);
  });
});

import fs from 'node:fs/promises';
import path from 'node:path';
import type { Challenge } from 'altcha-lib';
import { afterAll, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import type { App } from '../../infra/http/types';
import { accountsTestOptions, createManualClock, solveAltchaChallenge } from '../../testing/accounts';
import { describeEachDatabase, useTestApp } from '../../testing/testApp';
import { CAPTCHA_CHALLENGE_TTL_MS, createAltchaVerifier } from './altchaVerifier';
import { errors } from '../../infra/http/errorCatalogue';

describeEachDatabase('ALTCHA captcha', (target) => {
  const options = accountsTestOptions(createManualClock());
  const ctx = useTestApp(target, options);
  const challenge = async () => {
    const response = await ctx.app.inject('/api/captcha/challenge');
    return { response, body: response.json() as Challenge };
  };
  const secondNodes: App[] = [];
  afterAll(async () => {
    for (const app of secondNodes) await app.close();
  });

  it('GET /api/captcha/challenge answers the raw ALTCHA v2 challenge the widget fetches', async () => {
    const { response, body } = await challenge();
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(Object.keys(body).sort()).toEqual(['parameters', 'signature']);
    expect(body.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(body.parameters).toMatchObject({
      algorithm: 'SHA-256',
      cost: 1,
      keyLength: 32,
      nonce: expect.stringMatching(/^[0-9a-f]{32}$/),
      salt: expect.stringMatching(/^[0-9a-f]{32}$/),
      keyPrefix: expect.stringMatching(/^[0-9a-f]{32}$/),
      keySignature: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const expiresInMs = (body.parameters.expiresAt ?? 0) * 1000 - Date.now();
    expect(expiresInMs).toBeGreaterThan(CAPTCHA_CHALLENGE_TTL_MS - 5_000);
    expect(expiresInMs).toBeLessThanOrEqual(CAPTCHA_CHALLENGE_TTL_MS);
    // CAPTCHA_MAX_NUMBER (20 here) bounds the work: the counter lies in [max/2, max].
    const payload = JSON.parse(Buffer.from(await solveAltchaChallenge(body), 'base64').toString('utf8'));
    expect(payload.solution.counter).toBeGreaterThanOrEqual(10);
    expect(payload.solution.counter).toBeLessThanOrEqual(20);
  });

  it('keeps its key in DATA_DIR: another node (or a restart) accepts a solution once, across nodes', async () => {
    const keyFile = path.join(ctx.dataDir, 'captcha-secret');
    expect((await fs.stat(keyFile)).mode & 0o777).toBe(0o600);
    const secondNode = await buildApp({ siteRoot: ctx.site.root, logLevel: 'silent', dataDir: ctx.dataDir, ...options.app, db: ctx.db });
    secondNodes.push(secondNode);
    const solved = await solveAltchaChallenge((await challenge()).body);
    const verifyOn = (app: App) =>
      app.inject({ method: 'POST', url: '/api/user/login', payload: { mobile: '86-13800000000', password: 'whatever-1', device_type: 'pc', captcha: solved } });
    // Passing the captcha reaches the password check.
    expect((await verifyOn(secondNode)).json().msg).toBe('手机号或密码错误');
    expect((await verifyOn(ctx.app)).json()).toEqual({ code: 1, msg: errors.CAPTCHA_REPLAYED.message, data: null, reason: 'CAPTCHA_REPLAYED' });
  });

  it('refuses a solution whose challenge expired', async () => {
    const verifier = createAltchaVerifier({ db: ctx.db, hmacKey: 'k'.repeat(32), maxNumber: 10 });
    const solved = await solveAltchaChallenge((await verifier.createChallenge()) as Challenge);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + CAPTCHA_CHALLENGE_TTL_MS + 1_000 });
    try {
      await expect(verifier.verify(solved)).rejects.toThrow(errors.CAPTCHA_EXPIRED.message);
    } finally {
      vi.useRealTimers();
    }
    // Signed with another key: refused.
    const other = createAltchaVerifier({ db: ctx.db, hmacKey: 'other-key', maxNumber: 10 });
    await expect(other.verify(await solveAltchaChallenge((await verifier.createChallenge()) as Challenge))).rejects.toThrow(errors.CAPTCHA_INVALID.message);
  });

  it.each([
    ['not base64 JSON', '%%%'],
    ['JSON of the wrong shape', Buffer.from('{"challenge":1}').toString('base64')],
    ['an unsigned challenge', Buffer.from(JSON.stringify({ challenge: { parameters: { algorithm: 'SHA-256', expiresAt: 9e9 } }, solution: { counter: 1, derivedKey: 'aa' } })).toString('base64')],
  ])('refuses %s', async (_name, solution) => {
    const verifier = createAltchaVerifier({ db: ctx.db, hmacKey: 'k'.repeat(32), maxNumber: 10 });
    await expect(verifier.verify(solution)).rejects.toThrow(errors.CAPTCHA_INVALID.message);
  });
});

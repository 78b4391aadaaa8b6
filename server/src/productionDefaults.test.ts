import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Challenge } from 'altcha-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from './accounts/index';
import { SMS_OUTBOX_FILE } from './accounts/sms/smsProvider';
import { SERVER_DIR } from './infra/config/serverPaths';
import { type ServerProcess, startServerProcess } from './live/media/testing/serverProcessKit';
import { createUser } from './live/testing/roomsTestKit';
import { solveAltchaChallenge } from './testing/accounts';
import { embeddedTarget } from './testing/dbTargets';
import { alipayTestKeys } from './wallet/testing/alipayTestKit';

// Issue 32: what NODE_ENV=production gives when nobody sets anything else, checked on the real
// server (src/main.ts in its own process, as `npm start` runs it) behind a TLS proxy on 127.0.0.1.

const run = promisify(execFile);
const OPS_TOKEN = 'production-test-ops-token-0123456789abcdef';
/** What a production site must set anyway: a real SMS gateway (nothing listens there). */
const SMS_GATEWAY = { SMS_PROVIDER: 'http', SMS_GATEWAY_URL: 'http://127.0.0.1:9/sms', SMS_GATEWAY_TOKEN: 'gateway-token' };

describe('production defaults (the real server, NODE_ENV=production)', () => {
  it('refuses to start on the sandbox payment provider without its flag, saying what to set', async () => {
    const env = { PATH: process.env.PATH ?? '', NODE_ENV: 'production', DATA_DIR: path.join(SERVER_DIR, '.data-never-created'), ...SMS_GATEWAY };
    const failure = await run(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: SERVER_DIR, env, timeout: 20_000 }).then(
      () => null,
      (error: { code?: number; stderr?: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain('NODE_ENV=production with the sandbox payment provider');
    expect(failure?.stderr).toContain('WALLET_PAYMENT_PROVIDER');
    expect(failure?.stderr).toContain('ALLOW_SANDBOX_PAYMENTS=1');
  });

  describe('started with a real gateway, behind a TLS proxy (TRUST_PROXY=127.0.0.1)', () => {
    let server: ServerProcess;
    let dataDir: string | undefined;

    beforeAll(async () => {
      const { adminUrl } = embeddedTarget();
      if (adminUrl === null) throw new Error('no embedded PostgreSQL');
      const keys = alipayTestKeys();
      dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sports-production-'));
      server = await startServerProcess(adminUrl, {
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        LOG_LEVEL: 'debug',
        TRUST_PROXY: '127.0.0.1',
        MF_OPS_TOKEN: OPS_TOKEN,
        ...SMS_GATEWAY,
        WALLET_PAYMENT_PROVIDER: 'alipay',
        ALIPAY_APP_ID: '2021000000000001',
        ALIPAY_PRIVATE_KEY: keys.appPrivatePem,
        ALIPAY_PUBLIC_KEY: keys.alipayPublicPem,
        ALIPAY_NOTIFY_BASE_URL: 'https://sports.example',
      });
    }, 120_000);
    afterAll(async () => {
      await server?.stop();
      if (dataDir !== undefined) await fs.rm(dataDir, { recursive: true, force: true });
    }, 30_000);

    const fetchFrom = (pathname: string, init: RequestInit = {}) => fetch(`${server.httpUrl}${pathname}`, { redirect: 'manual', ...init });

    it('closes /metrics and /api/docs without the ops token, opens them with it', async () => {
      for (const pathname of ['/metrics', '/api/docs', '/api/docs/json']) {
        expect((await fetchFrom(pathname)).status, pathname).toBe(403);
        expect((await fetchFrom(pathname, { headers: { 'x-ops-token': 'not-the-token-0123456789abcdef' } })).status, pathname).toBe(403);
        expect((await fetchFrom(pathname, { headers: { 'x-ops-token': OPS_TOKEN } })).status, pathname).toBe(200);
      }
    });

    it('serves no sandbox gateway and no SMS outbox', async () => {
      expect((await fetchFrom('/pay/sandbox/R123')).status).toBe(404);
      expect((await fetchFrom('/api/chargerules/notify/sandbox', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(404);
      for (const pathname of [`/${SMS_OUTBOX_FILE}`, `/static/${SMS_OUTBOX_FILE}`, `/uploads/${SMS_OUTBOX_FILE}`, `/uploads/..%2f${SMS_OUTBOX_FILE}`, `/web/${SMS_OUTBOX_FILE}`]) {
        // 404, or 403 where the static files refuse a path leaving their folder.
        expect([403, 404], pathname).toContain((await fetchFrom(pathname)).status);
      }
      // The gateway is the only way codes leave: nothing is written to an outbox file.
      await expect(fs.access(path.join(dataDir as string, SMS_OUTBOX_FILE))).rejects.toThrow();
      expect(server.logs.filter((line) => line.msg.includes('SMS outbox'))).toEqual([]);
    });

    it('marks the session cookie Secure behind TLS (X-Forwarded-Proto: https from the trusted proxy), and takes the client address from X-Forwarded-For', async () => {
      const db = server.database.handle.db;
      const mobile = '86-13912340001';
      const password = 'prod-pass-123';
      await db.insertInto('app_user').values({ mobile, user_nickname: '生产测试', avatar: '', password_hash: await hashPassword(password) }).execute();
      const login = async (secret: string, headers: Record<string, string>) => {
        const challenge = (await (await fetchFrom('/api/captcha/challenge')).json()) as Challenge;
        return fetchFrom('/api/user/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', ...headers },
          body: JSON.stringify({ mobile, password: secret, device_type: 'pc', captcha: await solveAltchaChallenge(challenge) }),
        });
      };
      const wrong = await login('wrong-pass-1', { 'x-forwarded-for': '203.0.113.50', 'x-forwarded-proto': 'https' });
      expect(((await wrong.json()) as { code: number }).code).toBe(1);
      expect((await db.selectFrom('login_failure').select('ip').where('mobile', '=', mobile).execute()).map((row) => row.ip)).toEqual(['203.0.113.50']);

      const overTls = await login(password, { 'x-forwarded-for': '203.0.113.50', 'x-forwarded-proto': 'https' });
      const cookie = overTls.headers.getSetCookie().find((line) => line.startsWith('token='));
      expect(cookie).toMatch(/; Secure/);
      expect(cookie).toMatch(/; HttpOnly/);
      const overHttp = await login(password, { 'x-forwarded-for': '203.0.113.50' });
      expect(overHttp.headers.getSetCookie().find((line) => line.startsWith('token='))).not.toMatch(/Secure/);
    });

    it('logs none of the secrets planted in queries and bodies, at debug level, answered or refused', async () => {
      const member = await createUser(server.database.handle.db);
      const headers = { ...member.headers, 'x-requested-with': 'XMLHttpRequest' };
      const planted = { card: '6214830000001234567', password: '864209', holder: '欧阳秘密', account: 'plantedsecret@example.com', idNumber: '110105199001014216', token: 'planted-token-abcdef' };
      const query = new URLSearchParams({ card_number: planted.card, bank_name: '中国银行', holder: planted.holder });
      await fetchFrom(`/api/Bank_card/bind?${query}`, { headers });
      await fetchFrom('/api/Bank_card/bind', { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ card_number: planted.card, bank_name: '中国银行', holder: planted.holder }) });
      await fetchFrom(`/api/Bank_card/bindAliPay?${new URLSearchParams({ account: planted.account, holder: planted.holder })}`, { headers });
      await fetchFrom(`/api/Balance/applyForWithdrawal?${new URLSearchParams({ amount: '1000', account: 'card', password: planted.password })}`, { headers: { ...headers, 'idempotency-key': 'k1' } });
      await fetchFrom('/api/Member/verified', { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ name: planted.holder, id_number: planted.idNumber }) });
      // Unknown paths, wrong methods and guests log their request lines.
      await fetchFrom(`/api/nothing?password=${planted.password}&card_number=${planted.card}&token=${planted.token}&sign=${planted.token}`);
      await fetchFrom(`/api/Bank_card/bind?card_number=${planted.card}&holder=${encodeURIComponent(planted.holder)}`, { method: 'PUT' });
      await fetchFrom(`/api/Bank_card/bind?card_number=${planted.card}`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const text = server.logs.map(({ time: _time, responseTime: _responseTime, pid: _pid, ...line }) => JSON.stringify(line)).join('\n') + server.stderr;
      expect(text).toContain('card_number=[redacted]');
      for (const secret of [...Object.values(planted), encodeURIComponent(planted.holder), encodeURIComponent(planted.account)]) {
        expect(text.includes(secret), secret).toBe(false);
      }
    });
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SmsConfig } from '../accountsConfig';
import { accountsTestOptions, createManualClock, freshIp, freshMobile, requestCode } from '../../testing/accounts';
import { describeEachDatabase, useTestApp } from '../../testing/testApp';
import { errors } from '../../infra/http/errorCatalogue';

/** The app with the http provider, against a local gateway that can be told to fail. */
const gateway = { status: 200, bodies: [] as string[] };
const server = http.createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => {
    body += chunk;
  });
  request.on('end', () => {
    gateway.bodies.push(body);
    response.writeHead(gateway.status).end();
  });
});
/** The apps' SMS settings; the gateway's port is known once it listens (before the apps are built). */
const smsConfigs: SmsConfig[] = [];
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  for (const config of smsConfigs) config.gatewayUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describeEachDatabase('getCode through the http SMS gateway', (target) => {
  const ctx = useTestApp(
    target,
    accountsTestOptions(createManualClock(), (config) => {
      config.sms.provider = 'http';
      config.sms.gatewayToken = 'gw';
      smsConfigs.push(config.sms);
    }),
  );
  const getCode = (mobile: string) => requestCode(ctx.app, mobile, 1, freshIp());

  it('delivers the code through the gateway', async () => {
    const mobile = freshMobile();
    gateway.status = 200;
    expect((await getCode(mobile)).json().code).toBe(200);
    const sent = JSON.parse(gateway.bodies.at(-1) ?? '{}');
    expect(sent).toEqual({ mobile, type: 1, code: expect.stringMatching(/^[0-9]{6}$/) });
  });

  it('a failed delivery answers a clear error and leaves no usable code', async () => {
    const mobile = freshMobile();
    gateway.status = 500;
    expect((await getCode(mobile)).json()).toEqual({ code: 1, msg: errors.SMS_SEND_FAILED.message, data: null, reason: 'SMS_SEND_FAILED' });
    const codes = await ctx.db.selectFrom('sms_code').select('consumed_at').where('mobile', '=', mobile).execute();
    expect(codes).toHaveLength(1);
    expect(codes[0]?.consumed_at).not.toBeNull();
  });
});

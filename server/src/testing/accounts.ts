import fs from 'node:fs/promises';
import path from 'node:path';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { LightMyRequestResponse } from 'fastify';
import { type AccountsConfig, defaultAccountsConfig } from '../accounts/accountsConfig';
import { type ManualClock, createManualClock } from '../infra/clock';
import type { App } from '../infra/http/types';
import { SMS_OUTBOX_FILE } from '../accounts/sms/smsProvider';
import type { TestAppOptions } from './testApp';

/** What the site's API client sends with every call (the CSRF check wants it with the cookie). */
export const XHR = { 'x-requested-with': 'XMLHttpRequest' } as const;

/** Test apps: a cheap captcha (the widget's work at maxNumber 20 is a few hashes) and a manual clock. */
export function accountsTestOptions(
  clock: ManualClock,
  tweak: (config: AccountsConfig) => void = () => undefined,
): TestAppOptions {
  const config = defaultAccountsConfig();
  config.captcha.maxNumber = 20;
  tweak(config);
  return { app: { accountsConfig: config, accountOverrides: { clock } } };
}

export { createManualClock };

/** Does what the ALTCHA widget does: fetch a challenge, solve it, encode the payload. */
export async function solveCaptcha(app: App): Promise<string> {
  const challenge = (await app.inject('/api/captcha/challenge')).json() as Challenge;
  return solveAltchaChallenge(challenge);
}

export async function solveAltchaChallenge(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (solution === null) throw new Error('ALTCHA challenge not solved in time');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** `POST /api/user/getCode` as the login modal sends it: with a freshly solved captcha. */
export async function requestCode(app: App, mobile: string, type: 1 | 2, ip: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/user/getCode', payload: { mobile, type, captcha: await solveCaptcha(app) }, remoteAddress: ip });
}

export interface OutboxLine {
  mobile: string;
  type: 1 | 2;
  code: string;
  at: string;
}

export async function readOutbox(dataDir: string): Promise<OutboxLine[]> {
  let text: string;
  try {
    text = await fs.readFile(path.join(dataDir, SMS_OUTBOX_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as OutboxLine);
}

/** The newest code the outbox holds for a number and purpose. */
export async function lastCode(dataDir: string, mobile: string, type: 1 | 2): Promise<string> {
  const line = (await readOutbox(dataDir)).filter((entry) => entry.mobile === mobile && entry.type === type).at(-1);
  if (line === undefined) throw new Error(`no code in the outbox for ${mobile} type ${type}`);
  return line.code;
}

/** The `token` Set-Cookie of a response, parsed. */
export function tokenCookie(response: LightMyRequestResponse): { value: string; [attribute: string]: unknown } | undefined {
  return response.cookies.find((cookie) => cookie.name === 'token') as { value: string } | undefined;
}

export interface AccountsTestContext {
  readonly app: App;
  readonly dataDir: string;
}

let ipCounter = 0;
/** A distinct client address per call, so per-IP limits of one test do not touch another. */
export function freshIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

let mobileCounter = 0;
/** A distinct, valid mobile per call (86-139xxxxxxxx). */
export function freshMobile(): string {
  mobileCounter += 1;
  return `86-139${String(process.pid % 1000).padStart(3, '0')}${String(mobileCounter).padStart(5, '0')}`;
}

/** Registers a user end to end (code from the outbox, real captcha); answers the LoginResult and token. */
export async function registerUser(
  ctx: AccountsTestContext,
  options: { mobile?: string; password?: string; invite?: string; ip?: string } = {},
): Promise<{ mobile: string; password: string; token: string; id: number; invite_code: string; response: LightMyRequestResponse }> {
  const mobile = options.mobile ?? freshMobile();
  const password = options.password ?? 'secret-pass-1';
  const ip = options.ip ?? freshIp();
  const sent = await requestCode(ctx.app, mobile, 1, ip);
  if (sent.json().code !== 200) throw new Error(`getCode failed: ${sent.body}`);
  const code = await lastCode(ctx.dataDir, mobile, 1);
  const payload: Record<string, unknown> = { mobile, code, password, device_type: 'pc', captcha: await solveCaptcha(ctx.app) };
  if (options.invite !== undefined) payload.invite = options.invite;
  const response = await ctx.app.inject({ method: 'POST', url: '/api/user/registered', payload, remoteAddress: ip });
  const body = response.json();
  if (body.code !== 200) throw new Error(`registration failed: ${response.body}`);
  return { mobile, password, token: body.data.token, id: body.data.id, invite_code: body.data.invite_code, response };
}

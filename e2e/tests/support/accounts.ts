import { randomInt } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, type APIRequestContext, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { REPO_ROOT } from './rolloutOps';
import { smsCodeCount, waitForSmsCode } from './smsOutbox';

/** A mobile number no earlier run used: 139 + 8 random digits (the number part, 11 digits). */
export function uniqueMobileNumber(): string {
  return `139${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

export const fullMobile = (number: string) => `86-${number}`;

/** The login modal, opened from the header's 登录 button, in the mode its links lead to. */
export async function openLoginModal(page: Page): Promise<Locator> {
  await page.getByRole('banner').getByRole('button', { name: '登录' }).click();
  const dialog = page.getByRole('dialog', { name: '密码登录' });
  // The page's first open fetches the form's chunk before the dialog shows (LoginModal.tsx): one
  // more request, which a loaded CI machine answered in more than the default 10 s once.
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  return dialog;
}

export async function switchMode(dialog: Locator, link: '没有账号？立即注册' | '密码登录' | '忘记密码'): Promise<void> {
  await dialog.getByRole('button', { name: link }).click();
}

/**
 * The real ALTCHA widget: it solves its challenge by itself once shown; ticking it retries. A
 * challenge request gives up after 10 s and a stalled solve after 20 s (host altchaWatch.ts),
 * both ending in the error state, so 30 s is the longest a working widget takes to settle.
 */
export async function solveCaptcha(dialog: Locator): Promise<void> {
  const widget = dialog.locator('altcha-widget');
  await expect(widget).toBeVisible();
  const verified = widget.locator('[data-state="verified"]');
  const settled = widget.locator('[data-state="verified"], [data-state="unverified"], [data-state="error"], [data-state="expired"]');
  try {
    await expect(settled).toBeVisible({ timeout: 30_000 });
  } catch (error) {
    throw new Error(`the captcha did not settle in 30 s (its state: ${await captchaState(widget)})`, { cause: error });
  }
  if (!(await verified.isVisible())) await widget.getByText('我不是机器人').click();
  await expect(verified, 'the captcha verifies after a retry').toBeVisible({ timeout: 30_000 });
}

/** The widget's data-state, for a failure's message. */
async function captchaState(widget: Locator): Promise<string> {
  return (await widget.locator('[data-state]').first().getAttribute('data-state', { timeout: 1_000 }).catch(() => null)) ?? 'not rendered';
}

export function toast(page: Page, text: string): Locator {
  return page.getByTestId('toast').filter({ hasText: text });
}

/** Asks for a code with the SMS button (it spends a captcha solution) and reads it from the outbox. */
export async function requestSmsCode(dialog: Locator, number: string, type: 1 | 2): Promise<string> {
  // The codes this number already has (a retried journey's, a seeded anchor's earlier login): the new one comes after them.
  const afterCount = await smsCodeCount(fullMobile(number), type);
  await solveCaptcha(dialog);
  await dialog.getByRole('button', { name: '获取验证码' }).click();
  await expect(dialog.getByTestId('sms-button')).toBeDisabled();
  return waitForSmsCode(fullMobile(number), { type, afterCount });
}

/** Registers through the modal; the page ends logged in (avatar menu shown). */
export async function registerThroughModal(page: Page, number: string, password: string, invite?: string): Promise<void> {
  const dialog = await openLoginModal(page);
  await switchMode(dialog, '没有账号？立即注册');
  const register = page.getByRole('dialog', { name: '注册' });
  await register.getByLabel('手机号').fill(number);
  const code = await requestSmsCode(register, number, 1);
  await register.getByLabel('短信验证码').fill(code);
  await register.getByLabel('登录密码').fill(password);
  if (invite) await register.getByLabel('邀请码（选填）').fill(invite);
  await solveCaptcha(register);
  // An earlier registration's toast may still be up (two in one test): the one to see is this one's.
  await expect(toast(page, '注册成功')).toHaveCount(0);
  await register.getByRole('button', { name: '注册', exact: true }).click();
  await expect(toast(page, '注册成功')).toBeVisible();
  await expect(register).toBeHidden();
}

/** A member registered for a journey; their page ends logged in. */
export interface Member {
  page: Page;
  /** The member's own browser context (cookies apart from every other member's). */
  context: BrowserContext;
  /** The full mobile ('86-139…') the server keys the account by (as POST /api/ops/anchors takes it). */
  mobile: string;
}

/**
 * Registers a new member on a new page of `context`, through the server's public API
 * (registerThroughApi), and opens the site there logged in: for a context that needs something
 * attached before its first page opens (listeners, init scripts); otherwise use newMember.
 */
export async function registerMemberIn(context: BrowserContext, password: string): Promise<Member> {
  const { mobile } = await registerThroughApi(context, password);
  const page = await context.newPage();
  await page.goto('/web/#/main');
  await expect(avatarMenuButton(page), 'the member registered through the API is logged in').toBeVisible();
  return { page, context, mobile };
}

/** A new member, registered through the API (with `password`) in a browser context of their own, logged in on its page. */
export async function newMember(browser: Browser, password: string): Promise<Member> {
  return registerMemberIn(await browser.newContext(), password);
}

/**
 * The same member as registerMemberIn, but registered through the login modal (two real captchas
 * solved by the widget): for the journeys whose point is the modal or what runs in it.
 */
export async function registerMemberThroughModalIn(context: BrowserContext, password: string): Promise<Member> {
  const page = await context.newPage();
  await page.goto('/web/#/main');
  const number = uniqueMobileNumber();
  await registerThroughModal(page, number, password);
  return { page, context, mobile: fullMobile(number) };
}

/**
 * Registers a new member in the context of `page` (already on the site) through the API, then
 * reloads it: the page shows the member logged in, as it would after registering in the modal.
 */
export async function registerOnPage(page: Page, password: string): Promise<string> {
  const { mobile } = await registerThroughApi(page.context(), password);
  await page.reload();
  await expect(avatarMenuButton(page), 'the member registered through the API is logged in').toBeVisible();
  return mobile;
}

/**
 * altcha-lib as the server has it (server/package.json; the e2e package does not list it): the
 * solver of the same library and version that makes the challenges. Only what is used is typed.
 */
interface AltchaChallenge {
  parameters: Record<string, unknown>;
  signature: string;
}
interface AltchaLib {
  solveChallenge(options: { challenge: AltchaChallenge; deriveKey: unknown }): Promise<object | null>;
}
const serverRequire = createRequire(path.join(REPO_ROOT, 'server', 'package.json'));
const altcha = serverRequire('altcha-lib') as AltchaLib;
const { deriveKey } = serverRequire('altcha-lib/algorithms/sha') as { deriveKey: unknown };

/** The envelope of every API answer (`{ code: 200, msg, data }` on success). */
interface Envelope<Data> {
  code: number;
  msg: string;
  data: Data;
  reason?: string;
}

/** What a registration answers (the profile; the token only as the HttpOnly cookie). */
export interface RegisteredProfile {
  id: number;
  user_nickname: string;
  avatar: string;
  exp: number;
  balance: number;
  is_anchor: 0 | 1;
}

/**
 * A captcha solution as the ALTCHA widget makes it: GET /api/captcha/challenge, solve it (the
 * proof of work, with altcha-lib in Node), base64(JSON { challenge, solution }); and the site's
 * origin (the context's baseURL), which the page's POSTs carry.
 */
export async function solvedCaptcha(request: APIRequestContext): Promise<{ captcha: string; origin: string }> {
  const answer = await request.get('/api/captcha/challenge');
  if (!answer.ok()) throw new Error(`GET /api/captcha/challenge answered ${answer.status()}: ${await answer.text()}`);
  const challenge = (await answer.json()) as AltchaChallenge;
  const solution = await altcha.solveChallenge({ challenge, deriveKey });
  if (solution === null) throw new Error('the ALTCHA challenge was not solved');
  return { captcha: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'), origin: new URL(answer.url()).origin };
}

/**
 * POSTs `body` as the site's API client does (shared createApiClient.ts): JSON, with
 * X-Requested-With (the CSRF rule for a request carrying the session cookie, server
 * accounts/csrf.ts) and the page's Origin, which a browser adds to every script's POST (so the
 * server answers as to a page: the token only as the HttpOnly cookie). Answers the envelope's
 * data; any other answer throws, naming the call and what the server said.
 */
async function postAsThePage<Data>(request: APIRequestContext, origin: string, url: string, body: object): Promise<Data> {
  const answer = await request.post(url, { headers: { 'X-Requested-With': 'XMLHttpRequest', Origin: origin }, data: body });
  const text = await answer.text();
  let envelope: Envelope<Data> | null = null;
  try {
    envelope = JSON.parse(text) as Envelope<Data>;
  } catch {
    // reported below
  }
  if (!answer.ok() || envelope?.code !== 200) throw new Error(`POST ${url} answered ${answer.status()}: ${text.slice(0, 500)}`);
  return envelope.data;
}

/**
 * Registers a new member through the server's real public API, the calls the login modal makes
 * (host account/accountActions.ts): a solved captcha for POST /api/user/getCode (type 1), the code
 * read from the SMS outbox, another solved captcha for POST /api/user/registered. The calls go
 * through `context.request`, so the session cookie the server sets lands in that browser context;
 * the saved user (localStorage `userInfo`, what the site keeps after a login) is added to the
 * context's storage, so a page opened next shows the member logged in. Use it where a journey only
 * needs a member; the journeys about the modal itself register with registerThroughModal.
 */
export async function registerThroughApi(context: BrowserContext, password: string, invite?: string): Promise<{ mobile: string; profile: RegisteredProfile }> {
  const mobile = fullMobile(uniqueMobileNumber());
  const request = context.request;
  const forCode = await solvedCaptcha(request);
  const origin = forCode.origin;
  await postAsThePage(request, origin, '/api/user/getCode', { mobile, type: 1, captcha: forCode.captcha });
  const code = await waitForSmsCode(mobile, { type: 1 });
  const forRegistration = await solvedCaptcha(request);
  const profile = await postAsThePage<RegisteredProfile>(request, origin, '/api/user/registered', {
    mobile,
    code,
    password,
    device_type: 'pc',
    ...(invite ? { invite } : {}),
    captcha: forRegistration.captcha,
  });
  await rememberUserIn(context, origin, profile);
  return { mobile, profile };
}

/**
 * Writes the saved user (shared store/savedUser.ts toSavedUser: what the host keeps after a
 * login) into the context's localStorage for the site's origin, keeping the rest of its storage
 * (the session cookie). An open page of the site takes it directly; later pages start with it.
 */
async function rememberUserIn(context: BrowserContext, origin: string, profile: RegisteredProfile): Promise<void> {
  const savedUser = JSON.stringify({
    id: profile.id,
    user_nickname: profile.user_nickname,
    avatar: profile.avatar,
    exp: profile.exp,
    balance: profile.balance,
    is_anchor: profile.is_anchor,
  });
  // localStorage is the origin's, shared by the context's pages: one open page can write it.
  const openOnSite = context.pages().find((page) => page.url().startsWith(`${origin}/`));
  if (openOnSite) {
    await openOnSite.evaluate((value) => localStorage.setItem('userInfo', value), savedUser);
    return;
  }
  const state = await context.storageState();
  const others = state.origins.filter((entry) => entry.origin !== origin);
  const ours = state.origins.find((entry) => entry.origin === origin);
  const items = [...(ours?.localStorage ?? []).filter((item) => item.name !== 'userInfo'), { name: 'userInfo', value: savedUser }];
  await context.setStorageState({ cookies: state.cookies, origins: [...others, { ...ours, origin, localStorage: items }] });
}

/** Logs in through the modal (password login), optionally remembering the account. */
export async function logInThroughModal(page: Page, number: string, password: string, remember = false): Promise<Locator> {
  const dialog = await openLoginModal(page);
  await dialog.getByLabel('手机号').fill(number);
  await dialog.getByLabel('登录密码').fill(password);
  const rememberSwitch = dialog.getByRole('switch', { name: '记住账号' });
  if (remember) await rememberSwitch.check();
  else await rememberSwitch.uncheck();
  await solveCaptcha(dialog);
  await dialog.getByRole('button', { name: '登录', exact: true }).click();
  return dialog;
}

export function avatarMenuButton(page: Page): Locator {
  return page.getByRole('banner').getByRole('button', { name: /./ }).filter({ has: page.locator('img') });
}

/**
 * Opens the avatar menu the way a mouse user does: hovering opens it (a click right after the
 * hover would toggle it shut again).
 */
export async function openAvatarMenu(page: Page): Promise<Locator> {
  await avatarMenuButton(page).hover();
  const menu = page.getByRole('menu', { name: '用户菜单' });
  await expect(menu).toBeVisible();
  return menu;
}

export async function logOut(page: Page): Promise<void> {
  await openAvatarMenu(page);
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: '登录' })).toBeVisible();
}

/** A sandbox recharge package: its price as the page shows it and the balance a new member then has. */
export interface RechargePackage {
  yuan: string;
  balanceAfter: number;
}

/** ¥30.00 buys 310 coins (300 + 10 bonus). */
export const RECHARGE_30: RechargePackage = { yuan: '30.00', balanceAfter: 310 };

/** Recharges a new member (¥30.00, 310 coins, unless told) through the sandbox gateway's page, as a member does. */
export async function recharge(page: Page, context: BrowserContext, recharged: RechargePackage = RECHARGE_30): Promise<void> {
  await page.goto('/web/#/member?type=1&isRecharge=true');
  await page.getByTestId('recharge-packages').getByRole('radio', { name: new RegExp(`¥${recharged.yuan.replace('.', '\\.')}`) }).check();
  const payPagePromise = context.waitForEvent('page');
  await page.getByTestId('recharge-pay').click();
  const payPage = await payPagePromise;
  await payPage.getByRole('button', { name: '确认支付' }).click();
  await expect(payPage.getByText('支付成功，请回到原页面查看余额')).toBeVisible();
  await payPage.close();
  await expect(page.getByTestId('recharge-success')).toHaveText(`充值成功，当前余额 ${recharged.balanceAfter}`, { timeout: 15_000 });
}

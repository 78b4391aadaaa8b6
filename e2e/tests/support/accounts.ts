import { randomInt } from 'node:crypto';
import { expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { waitForSmsCode } from './smsOutbox';

/** A mobile number no earlier run used: 139 + 8 random digits (the number part, 11 digits). */
export function uniqueMobileNumber(): string {
  return `139${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

export const fullMobile = (number: string) => `86-${number}`;

/** The login modal, opened from the header's 登录 button, in the mode its links lead to. */
export async function openLoginModal(page: Page): Promise<Locator> {
  await page.getByRole('banner').getByRole('button', { name: '登录' }).click();
  const dialog = page.getByRole('dialog', { name: 'Password login' });
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
  await solveCaptcha(dialog);
  await dialog.getByRole('button', { name: '获取验证码' }).click();
  await expect(dialog.getByTestId('sms-button')).toBeDisabled();
  return waitForSmsCode(fullMobile(number), { type });
}

/** Registers through the modal; the page ends logged in (avatar menu shown). */
export async function registerThroughModal(page: Page, number: string, password: string, invite?: string): Promise<void> {
  const dialog = await openLoginModal(page);
  await switchMode(dialog, '没有账号？立即注册');
  const register = page.getByRole('dialog', { name: 'Register' });
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

/** A member registered through the login modal; their page ends logged in. */
export interface Member {
  page: Page;
  /** The member's own browser context (cookies apart from every other member's). */
  context: BrowserContext;
  /** The full mobile ('86-139…') the server keys the account by (as POST /api/ops/anchors takes it). */
  mobile: string;
}

/**
 * Registers a new member on a new page of `context`: for a context that needs something attached
 * before its first page opens (listeners, init scripts); otherwise use newMember.
 */
export async function registerMemberIn(context: BrowserContext, password: string): Promise<Member> {
  const page = await context.newPage();
  await page.goto('/web/#/main');
  const number = uniqueMobileNumber();
  await registerThroughModal(page, number, password);
  return { page, context, mobile: fullMobile(number) };
}

/** A new member, registered through the login modal (with `password`) in a browser context of their own. */
export async function newMember(browser: Browser, password: string): Promise<Member> {
  return registerMemberIn(await browser.newContext(), password);
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

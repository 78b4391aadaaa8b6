import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { test } from './support/journey';
import { answerCodes } from './support/answerCodes';
import {
  avatarMenuButton,
  logInThroughModal,
  logOut,
  openAvatarMenu,
  openLoginModal,
  registerThroughModal,
  requestSmsCode,
  solveCaptcha,
  switchMode,
  toast,
  uniqueMobileNumber,
} from './support/accounts';

// Issue 3's journeys: the real server, its real database and the real ALTCHA widget; SMS codes
// are read from the server's outbox file (DATA_DIR/sms-outbox.jsonl).

const PASSWORD = 'secret-123';

async function profileOf(page: Page): Promise<{ code: number; data: { invite_code: string; user_nickname: string } | null }> {
  return page.evaluate(async () => (await fetch('/api/user/info', { credentials: 'same-origin' })).json());
}

test('register with an invite code: 注册成功 and the avatar menu; log out', async ({ page }) => {
  const inviter = uniqueMobileNumber();
  const invitee = uniqueMobileNumber();
  await page.goto('/web/#/main');

  await registerThroughModal(page, inviter, PASSWORD);
  await expect(avatarMenuButton(page)).toBeVisible();
  const inviterProfile = await profileOf(page);
  expect(inviterProfile.code).toBe(200);
  const inviteCode = inviterProfile.data?.invite_code ?? '';
  expect(inviteCode).toMatch(/^[0-9A-Za-z]{1,10}$/);
  await logOut(page);

  await registerThroughModal(page, invitee, PASSWORD, inviteCode);
  const menu = await openAvatarMenu(page);
  await expect(menu.getByRole('menuitem', { name: '申请主播' })).toBeVisible();
  await expect(page.getByText(/^LV\d+ · \d+ 经验$/)).toBeVisible();
  await expect(page.getByText(/^余额 \d+$/)).toBeVisible();
  await logOut(page);
  expect((await profileOf(page)).code).toBe(700);
});

test('log in with remember account: 欢迎回来; after logging out the modal is pre-filled; no token in the page', async ({ page, context }) => {
  const number = uniqueMobileNumber();
  await page.goto('/web/#/main');
  await registerThroughModal(page, number, PASSWORD);
  await logOut(page);

  const dialog = await logInThroughModal(page, number, PASSWORD, true);
  await expect(toast(page, '欢迎回来')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(avatarMenuButton(page)).toBeVisible();

  // The session token is an HttpOnly cookie: the page never holds it.
  const cookie = (await context.cookies()).find((candidate) => candidate.name === 'token');
  expect(cookie?.httpOnly).toBe(true);
  const stored = await page.evaluate(() => Object.entries(localStorage).map(([key, value]) => `${key}=${value}`).join('\n'));
  expect(stored).not.toContain(cookie?.value ?? 'no cookie');
  expect(await page.evaluate(() => document.cookie)).not.toContain('token=');

  await logOut(page);
  const again = await openLoginModal(page);
  await expect(again.getByLabel('手机号')).toHaveValue(number);
  await expect(again.getByLabel('登录密码')).toHaveValue(PASSWORD);
  await expect(again.getByRole('switch', { name: '记住账号' })).toBeChecked();
  await expect(again.getByRole('combobox', { name: '国家/地区区号' })).toHaveValue('86');
});

test('reset the password by SMS code: the old session is rejected, the new password logs in', async ({ page, browser }) => {
  const number = uniqueMobileNumber();
  const newPassword = 'new-secret-456';
  await page.goto('/web/#/main');
  await registerThroughModal(page, number, PASSWORD);

  // Someone else's browser, visiting: the reset.
  const other = await browser.newContext();
  const visitor = await other.newPage();
  await visitor.goto('/web/#/main');
  await switchMode(await openLoginModal(visitor), '忘记密码');
  const forgot = visitor.getByRole('dialog', { name: '忘记密码' });
  await forgot.getByLabel('手机号').fill(number);
  const code = await requestSmsCode(forgot, number, 2);
  await forgot.getByLabel('短信验证码').fill(code);
  await forgot.getByLabel('新密码').fill(newPassword);
  await forgot.getByRole('button', { name: '重置密码' }).click();
  await expect(toast(visitor, '密码已重置，请重新登录')).toBeVisible();
  await expect(visitor.getByRole('dialog', { name: '密码登录' })).toBeVisible();

  // The first browser's session was revoked: its next call (api/user/info on reload) says so.
  const codes = answerCodes(page, '/api/user/info');
  await page.reload();
  await expect.poll(() => codes.length).toBeGreaterThan(0);
  expect([700, 50012, 50014]).toContain(codes[0]);
  if (codes[0] === 700) await expect(toast(page, '请登录后操作')).toBeVisible();
  else await expect(page.getByRole('dialog', { name: '确认退出' })).toBeVisible();

  // The old password no longer works; the new one does.
  const loginAnswer = visitor.waitForResponse((response) => response.url().includes('/api/user/login'));
  const retry = visitor.getByRole('dialog', { name: '密码登录' });
  await retry.getByLabel('手机号').fill(number);
  await retry.getByLabel('登录密码').fill(PASSWORD);
  await solveCaptcha(retry);
  await retry.getByRole('button', { name: '登录', exact: true }).click();
  expect(((await (await loginAnswer).json()) as { code: number }).code).toBe(1);
  await expect(retry).toBeVisible();
  // A fresh captcha solution is needed after a refused call (the server refuses replays).
  await retry.getByLabel('登录密码').fill(newPassword);
  await solveCaptcha(retry);
  await retry.getByRole('button', { name: '登录', exact: true }).click();
  await expect(toast(visitor, '欢迎回来')).toBeVisible();
  await expect(avatarMenuButton(visitor)).toBeVisible();
  await other.close();
});

test("a visitor's Go live shows 请登录后操作 and opens the login modal", async ({ page }) => {
  await page.goto('/web/#/main');
  await page.getByRole('banner').getByRole('button', { name: '开播' }).click();
  await expect(toast(page, '请登录后操作')).toBeVisible();
  await expect(page.getByRole('dialog', { name: '密码登录' })).toBeVisible();
});

test('#/login opens the modal over the home page', async ({ page }) => {
  await page.goto('/web/#/login');
  await expect(page.getByRole('dialog', { name: '密码登录' })).toBeVisible();
});

test('every validation message is shown, and nothing is sent', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/user\/(login|registered|forgotPassword|getCode)/.test(request.url())) calls.push(request.url());
  });
  await page.goto('/web/#/main');
  const login = await openLoginModal(page);
  await login.getByRole('button', { name: '登录', exact: true }).click();
  await expect(login.getByText('请输入手机号！')).toBeVisible();
  await expect(login.getByText('请输入登录密码！')).toBeVisible();

  await switchMode(login, '没有账号？立即注册');
  const register = page.getByRole('dialog', { name: '注册' });
  await expect(register.getByText('请输入手机号！')).toHaveCount(0);
  await register.getByRole('button', { name: '获取验证码' }).click();
  await expect(register.getByText('手机号不能为空！')).toBeVisible();
  await register.getByRole('button', { name: '注册', exact: true }).click();
  await expect(register.getByText('请输入手机号！')).toBeVisible();
  await expect(register.getByText('请输入验证码！')).toBeVisible();
  await expect(register.getByText('请输入登录密码！')).toBeVisible();

  // Max lengths: mobile 11 (digits only), SMS code 6, invite code 10.
  await register.getByLabel('手机号').pressSequentially('139a12345678999');
  await expect(register.getByLabel('手机号')).toHaveValue('13912345678');
  await register.getByLabel('短信验证码').pressSequentially('12345678');
  await expect(register.getByLabel('短信验证码')).toHaveValue('123456');
  await register.getByLabel('邀请码（选填）').pressSequentially('ABCDEFGHIJKL');
  await expect(register.getByLabel('邀请码（选填）')).toHaveValue('ABCDEFGHIJ');

  await switchMode(register, '忘记密码');
  const forgot = page.getByRole('dialog', { name: '忘记密码' });
  await expect(forgot.getByLabel('手机号')).toHaveValue('');
  await forgot.getByRole('button', { name: '获取验证码' }).click();
  await expect(forgot.getByText('手机号不能为空！')).toBeVisible();
  await forgot.getByRole('button', { name: '重置密码' }).click();
  await expect(forgot.getByText('请输入手机号！')).toBeVisible();
  await expect(forgot.getByText('请输入验证码！')).toBeVisible();
  await expect(forgot.getByText('请输入登录密码！')).toBeVisible();
  expect(calls).toEqual([]);

  await forgot.press('Escape');
  await expect(forgot).toBeHidden();
});

test('the SMS button counts down 60 s, disabled, then is ready again', async ({ page }) => {
  await page.clock.install();
  await page.goto('/web/#/main');
  const number = uniqueMobileNumber();
  await switchMode(await openLoginModal(page), '没有账号？立即注册');
  const register = page.getByRole('dialog', { name: '注册' });
  await register.getByLabel('手机号').fill(number);
  const button = register.getByTestId('sms-button');
  await expect(button).toHaveText('获取验证码');
  await solveCaptcha(register);
  // The page's clock stops here (it ran with real time so far): the countdown moves only by
  // runFor, so a slow machine between the click and the first check does not tick it.
  await page.clock.pauseAt(Date.now() + 1_000);
  const sent = page.waitForResponse((response) => response.url().includes('/api/user/getCode'));
  await button.click();
  expect(((await (await sent).json()) as { code: number }).code).toBe(200);
  await expect(button).toHaveText('60 秒后重新获取');
  await expect(button).toBeDisabled();
  await page.clock.runFor(1_000);
  await expect(button).toHaveText('59 秒后重新获取');
  await page.clock.runFor(58_000);
  await expect(button).toHaveText('1 秒后重新获取');
  await expect(button).toBeDisabled();
  await page.clock.runFor(1_000);
  await expect(button).toHaveText('获取验证码');
  await expect(button).toBeEnabled();
});

test('the login modal keeps still while its captcha loads: a click lands where it was aimed', async ({ page }) => {
  // Every position the dialog takes, from the moment it appears (the captcha's chunk loads after).
  await page.addInitScript(() => {
    const tops: number[] = [];
    (window as unknown as { dialogTops: number[] }).dialogTops = tops;
    new MutationObserver(() => {
      const dialog = document.querySelector('[role="dialog"]');
      if (!dialog) return;
      const top = Math.round(dialog.getBoundingClientRect().top);
      if (tops.at(-1) !== top) tops.push(top);
    }).observe(document, { childList: true, subtree: true, attributes: true });
  });
  await page.goto('/web/#/main');
  const dialog = await openLoginModal(page);
  await solveCaptcha(dialog);
  expect(await page.evaluate(() => (window as unknown as { dialogTops: number[] }).dialogTops)).toHaveLength(1);
  await switchMode(dialog, '忘记密码');
  await expect(page.getByRole('dialog', { name: '忘记密码' }).getByLabel('手机号')).toBeVisible();
});

test('the login modal has no serious accessibility violation in any mode', async ({ page }) => {
  await page.goto('/web/#/main');
  const login = await openLoginModal(page);
  await solveCaptcha(login);
  for (const [link, title] of [
    [null, '密码登录'],
    ['没有账号？立即注册', '注册'],
    ['忘记密码', '忘记密码'],
  ] as const) {
    if (link) await switchMode(page.getByRole('dialog'), link);
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.getByRole('button', { name: /^(登录|注册|重置密码)$/ }).click();
    await expect(dialog.getByText('请输入手机号！')).toBeVisible();
    const results = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
    const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(serious.map((violation) => `${title} ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  }
});

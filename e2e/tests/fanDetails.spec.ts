import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { test } from './support/journey';
import { registerThroughApi } from './support/accounts';
import { phoneContext } from './support/phones';

/**
 * Issue 33, part 7: the smaller defects a new fan notices on a fresh start, end to end, on a
 * desktop (1440x900, /web/) and an iPhone 13 (/h5/, where a phone lands).
 */
test.describe.configure({ timeout: 120_000 });

const PASSWORD = 'fan-details-2026';

interface Screen {
  name: string;
  /** The site's base on this screen: a phone is sent from /web/ to /h5/. */
  base: '/web/' | '/h5/';
  open: (browser: Browser) => Promise<BrowserContext>;
}

const SCREENS: readonly Screen[] = [
  { name: 'desktop 1440x900', base: '/web/', open: (browser) => browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' }) },
  { name: 'iPhone 13', base: '/h5/', open: (browser) => phoneContext(browser, 'iPhone 13') },
];

/** A demo room (seeded outside production: live/seedDemoRooms.ts). */
async function anyRoomId(request: APIRequestContext): Promise<number> {
  const body = await (await request.get('/api/Live_streaming/getLiveList?type=0&page=1&page_size=1')).json();
  const room = (body.data.list as { room_id: number }[])[0];
  expect(room, 'a demo room to watch').toBeDefined();
  return (room as { room_id: number }).room_id;
}

const tabBar = (page: Page) => page.getByRole('navigation', { name: '底部导航' });

for (const screen of SCREENS) {
  test.describe(screen.name, () => {
    test('the login modal reads Chinese: 密码登录, 注册, 忘记密码', async ({ browser }) => {
      const context = await screen.open(browser);
      const page = await context.newPage();
      await page.goto(`${screen.base}#/login`);
      const login = page.getByRole('dialog', { name: '密码登录' });
      await expect(login).toBeVisible({ timeout: 30_000 });
      await login.getByRole('button', { name: '没有账号？立即注册' }).click();
      const register = page.getByRole('dialog', { name: '注册' });
      await expect(register).toBeVisible();
      await register.getByRole('button', { name: '忘记密码' }).click();
      const forgot = page.getByRole('dialog', { name: '忘记密码' });
      await expect(forgot).toBeVisible();
      // No English title, button or label left in the modal.
      for (const english of ['Password login', 'Register', 'Forgot password']) await expect(page.getByText(english, { exact: true })).toHaveCount(0);
      const labels = await forgot.locator('[aria-label]').evaluateAll((elements) => elements.map((element) => element.getAttribute('aria-label') ?? ''));
      expect(labels.filter((label) => /[A-Za-z]{2,}/.test(label))).toEqual([]);
      await context.close();
    });

    test('a guest who presses send in a room gets the login modal, and never sees a raw guest_ id', async ({ browser, request }) => {
      const roomId = await anyRoomId(request);
      const context = await screen.open(browser);
      const page = await context.newPage();
      await page.goto(`${screen.base}#/live?id=${roomId}`);
      const note = page.getByTestId('my-chat-name');
      await expect(note).toContainText('你正在以游客身份观看', { timeout: 30_000 });
      await expect(note).not.toContainText('guest_');
      const box = page.getByRole('textbox', { name: '发送消息' });
      await box.focus();
      await page.getByRole('button', { name: '发送', exact: true }).click();
      await expect(page.getByRole('dialog', { name: '密码登录' })).toBeVisible();
      await expect(page.getByText('登录后才能发言')).toHaveCount(0);
      await context.close();
    });

    test('#/login for a logged-in member goes home, no modal', async ({ browser }) => {
      const context = await screen.open(browser);
      await registerThroughApi(context, PASSWORD);
      const page = await context.newPage();
      await page.goto(`${screen.base}#/login`);
      await expect(page).toHaveURL(/#\/main$/, { timeout: 30_000 });
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await context.close();
    });
  });
}

test('desktop: the footer opens real pages: 关于我们, 联系我们, 用户协议, 隐私政策', async ({ browser }) => {
  const context = await SCREENS[0]!.open(browser);
  const page = await context.newPage();
  for (const [label, path] of [
    ['关于我们', 'about'],
    ['联系我们', 'contact'],
    ['用户协议', 'terms'],
    ['隐私政策', 'privacy'],
  ] as const) {
    await page.goto('/web/#/main');
    const footerLinks = page.getByRole('navigation', { name: '页脚链接' });
    // The footer sits below the home's widgets, which arrive while the page loads (an empty one
    // takes no room, and the footer moves up): a click aimed just before a widget arrived can land
    // beside the link. Clicked again until the address follows, as a visitor would.
    await expect(async () => {
      await footerLinks.getByRole('link', { name: label }).click({ timeout: 5_000 });
      await expect(page).toHaveURL(new RegExp(`#/${path}$`), { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible();
    await expect(page.getByTestId('info-page')).toContainText('体育直播');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText('service@sports-live.example');
  await expect(footer.getByTestId('icp')).toContainText('ICP备');
  await context.close();
});

test('desktop: the search box shows no empty 搜索历史 heading for a new visitor', async ({ browser }) => {
  const context = await SCREENS[0]!.open(browser);
  const page = await context.newPage();
  await page.goto('/web/#/main');
  const box = page.getByRole('searchbox', { name: '搜索' }).or(page.getByRole('textbox', { name: '搜索' })).first();
  await box.click();
  // The dropdown's own headings (the home page's hot matches widget has a 热门赛事 heading too).
  const search = page.getByRole('search').first();
  await expect(search.getByRole('heading', { name: '热门赛事' })).toBeVisible();
  await expect(search.getByRole('heading', { name: '搜索历史' })).toHaveCount(0);
  await context.close();
});

test('iPhone 13: #/news lights 首页, not 社区; the footer pages open; the scores filter is folded', async ({ browser }) => {
  const context = await SCREENS[1]!.open(browser);
  const page = await context.newPage();
  await page.goto('/h5/#/news');
  await expect(tabBar(page)).toBeVisible({ timeout: 30_000 });
  await expect(tabBar(page).getByRole('link', { name: '首页', exact: true })).toHaveAttribute('aria-current', 'true');
  await expect(tabBar(page).getByRole('link', { name: '社区', exact: true })).not.toHaveAttribute('aria-current', /.+/);

  await page.goto('/h5/#/contact');
  await expect(page.getByRole('heading', { level: 1, name: '联系我们' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('link', { name: 'service@sports-live.example' })).toBeVisible();

  await page.goto('/h5/#/football');
  const toggle = page.getByRole('button', { name: /筛选与设置/ });
  await expect(toggle).toBeVisible({ timeout: 30_000 });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByLabel('赛事筛选')).toBeHidden();
  await toggle.click();
  await expect(page.getByLabel('赛事筛选')).toBeVisible();
  await context.close();
});

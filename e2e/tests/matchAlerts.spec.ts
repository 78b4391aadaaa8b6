import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from './support/journey';
import { newMember, openAvatarMenu, type Member } from './support/accounts';
import { grantAnchor, readPushUrl, startOwnRoom } from './support/anchors';
import { expectGoalMessage, FAVOURITES_ONLY, firstAlertGoal, followEveryMatchInPlay, pageListening, postAs, reportingAlertPath, XHR } from './support/fanAlerts';
import { apiData } from './support/media';
import { type TestStream, pushTestStream } from './support/testStream';

/**
 * Alerts that follow the fan (issue 39 part 2; docs/flows/match-alerts.md): a followed team's
 * demo goal pops up on an unrelated page and is in the message centre's 赛事 with the badge; a
 * followed anchor going live pops up 关注的主播开播了 with a link to the room; switched off in
 * 通知设置, the next one does not come. Real server, real demo feed (60x), real RTMP pushes.
 */
test.describe.configure({ timeout: 330_000 });

const PASSWORD = 'match-alerts-2026';
const badge = (page: Page) => page.getByRole('banner').getByTestId('message-unread-badge');

async function openMatchTab(page: Page): Promise<void> {
  const menu = await openAvatarMenu(page);
  await menu.getByRole('menuitem', { name: /消息中心/ }).click();
  await expect(page.getByTestId('message-centre')).toBeVisible();
  await page.getByTestId('message-tab-match').click();
}

/** A member who made themselves an anchor's room on air (ops grant, 创建直播间, 开始直播), the encoder pushing. */
async function anchorGoingLive(browser: Parameters<typeof newMember>[0], ops: APIRequestContext, title: string): Promise<Member & { roomId: string; anchorId: number; push: () => TestStream }> {
  const anchor = await newMember(browser, PASSWORD);
  await grantAnchor(ops, anchor.mobile);
  const room = await startOwnRoom(anchor.page, title);
  const profile = (await (await anchor.context.request.get('/api/user/info', { headers: XHR })).json()) as { data: { id: number } };
  const pushUrl = await readPushUrl(anchor.page);
  return { ...anchor, roomId: room.roomId, anchorId: profile.data.id, push: () => pushTestStream(pushUrl) };
}

test('a fan follows teams and their league: a demo goal pops up on an unrelated page, and is in 赛事 with the badge', async ({ browser }) => {
  const fan = await newMember(browser, PASSWORD);
  await reportingAlertPath(fan.page, async () => {
    await fan.page.evaluate((settings) => localStorage.setItem('immediately', settings), FAVOURITES_ONLY);
    const followed = await followEveryMatchInPlay(fan.context.request);

    // An unrelated page: 关于我们. The live data shows goals of favourite matches only here
    // (value3, none favourited): a goal popup of a followed team's match is the fan's alert.
    await fan.page.goto('/web/#/about');
    await fan.page.reload();
    const { matchId: scoredIn } = await firstAlertGoal(fan.page, followed, fan.context.request);
    // A match of a followed team or league (the demo feed plays a team's next match soon after its last).
    expect(await followed.includes(fan.context.request, scoredIn)).toBe(true);
    await expect(fan.page).toHaveURL(/#\/about/);

    // The badge (the alert counts its 赛事 message) and the message (the fan-out job's row).
    await expect(badge(fan.page)).toBeVisible({ timeout: 15_000 });
    await expectGoalMessage(fan.page, scoredIn, () => openMatchTab(fan.page));
  });
});

test('the page\'s first chat connection fails (a busy or restarting server): it connects again and the followed teams\' alerts still come', async ({ browser }) => {
  const fan = await newMember(browser, PASSWORD);
  await reportingAlertPath(fan.page, async () => {
    await fan.page.evaluate((settings) => localStorage.setItem('immediately', settings), FAVOURITES_ONLY);
    await followEveryMatchInPlay(fan.context.request);
    // The reloaded page's first /ws/chat is closed before its login is answered; the ones after reach the server.
    let armed = false;
    let refused = 0;
    await fan.context.routeWebSocket(/\/ws\/chat$/, async (socket) => {
      if (armed && refused === 0) {
        refused += 1;
        await socket.close({ code: 1011, reason: 'the server is busy' });
        return;
      }
      socket.connectToServer();
    });
    await fan.page.goto('/web/#/about');
    armed = true;
    await fan.page.reload();
    // Any alert of what the fan follows (a goal, a red card, kick-off, full time) on the page.
    const alert = fan.page.locator('[data-testid="goal-popup"][data-seq^="-1000000"], [data-testid="fan-alert-popup"]').first();
    await expect(alert, 'an alert of a followed team or league after the page connected again').toBeVisible({ timeout: 180_000 });
    expect(refused).toBe(1);
    await expect(fan.page).toHaveURL(/#\/about/);
  });
});

test('a followed anchor goes live: 关注的主播开播了 links to the room; switched off in 通知设置, the next anchor\'s does not come', async ({ browser, request: ops }) => {
  const streams: TestStream[] = [];
  try {
    const fan = await newMember(browser, PASSWORD);
    await reportingAlertPath(fan.page, async () => {
      const first = await anchorGoingLive(browser, ops, '关注开播提醒一');
      const second = await anchorGoingLive(browser, ops, '关注开播提醒二');
      for (const anchor of [first, second]) await postAs(fan.context.request, '/api/Member/attention', { anchor_id: anchor.anchorId, attention: 1 });
      await fan.page.goto('/web/#/about');
      // The alert goes to the pages connected when the room goes live: the fan's page is first.
      const listening = pageListening(fan.page);
      await fan.page.reload();
      await listening;

      streams.push(first.push());
      const popup = fan.page.locator('[data-testid="fan-alert-popup"][data-kind="anchor_live"]');
      await expect(popup).toBeVisible({ timeout: 60_000 });
      await expect(popup.getByText('关注的主播开播了')).toBeVisible();
      const link = popup.getByRole('link', { name: '进入直播间' });
      await expect(link).toHaveAttribute('href', `#/live?id=${first.roomId}`);
      await link.click();
      await expect(fan.page).toHaveURL(new RegExp(`#/live\\?id=${first.roomId}$`));

      // 通知设置 (from the message centre): 关注的主播开播 off, kept on the server.
      await fan.page.goto('/web/#/messages?view=settings');
      const toggle = fan.page.getByRole('switch', { name: '关注的主播开播' });
      await expect(toggle).toBeChecked();
      await toggle.click();
      await expect(fan.page.getByTestId('notify-note')).toHaveText('已保存');
      await expect(toggle).not.toBeChecked();
      await fan.page.goto('/web/#/about');

      streams.push(second.push());
      // The second room is on air (its broadcast, the alert's event, exists) …
      await expect
        .poll(async () => (await apiData<{ is_live: number }>(ops, `/api/Live_streaming/getRoomInfo?room_id=${second.roomId}`)).is_live, { timeout: 60_000 })
        .toBe(1);
      // … and no popup comes, nor a 赛事 message for it.
      await fan.page.waitForTimeout(8_000);
      await expect(fan.page.locator('[data-testid="fan-alert-popup"]')).toHaveCount(0);
      // The first anchor's 赛事 message (the fan-out job writes it after the alert), and none for the second.
      const firstMessage = fan.page.getByTestId('message-item').filter({ hasText: '关注开播提醒一' });
      await openMatchTab(fan.page);
      await expect
        .poll(
          async () => {
            if ((await firstMessage.count()) > 0) return true;
            await fan.page.reload();
            await openMatchTab(fan.page);
            return (await firstMessage.count()) > 0;
          },
          { message: 'the first anchor\'s 开播 message in 赛事', timeout: 30_000, intervals: [2_000] },
        )
        .toBe(true);
      await expect(firstMessage).toHaveCount(1);
      await expect(fan.page.getByTestId('message-item').filter({ hasText: '关注开播提醒二' })).toHaveCount(0);
    });
  } finally {
    await Promise.all(streams.map((stream) => stream.stop()));
  }
});

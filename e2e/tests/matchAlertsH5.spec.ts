import { expect } from '@playwright/test';
import { test } from './support/journey';
import { newMember } from './support/accounts';
import { expectGoalMessage, FAVOURITES_ONLY, firstAlertGoal, followEveryMatchInPlay, reportingAlertPath } from './support/fanAlerts';
import { expectNoHorizontalScroll, phoneContext } from './support/phones';

/**
 * Alerts that follow the fan, on a phone (issue 39 part 2; docs/flows/match-alerts.md): a
 * phone-sized fan on /h5 who follows the teams and leagues the demo feed plays gets a followed
 * team's goal as the on-page popup (inside the screen, above the tab bar) on an unrelated page,
 * the header's ✉ badge counts it, and it is in the message centre's 赛事. Real server, real demo
 * feed (60x), the suite's Chromium as a Pixel 7.
 */
test.describe.configure({ timeout: 330_000 });

const PASSWORD = 'match-alerts-h5-2026';

test('a fan on a phone follows teams and their league: a demo goal pops up on an unrelated /h5 page, counts on the ✉ badge, and is in 赛事', async ({ browser }) => {
  const desk = await newMember(browser, PASSWORD);
  const followed = await followEveryMatchInPlay(desk.context.request);
  const context = await phoneContext(browser, 'Pixel 7', { storageState: await desk.context.storageState() });
  await desk.context.close();
  const phone = await context.newPage();
  try {
    await reportingAlertPath(phone, async () => {
      // 联系我们 on /h5: nothing of scores. The live data shows goals of favourite matches only
      // (value3, none favourited): a goal popup of a followed team's match is the fan's alert.
      await phone.goto('/h5/#/contact');
      await phone.evaluate((settings) => localStorage.setItem('immediately', settings), FAVOURITES_ONLY);
      await phone.reload();
      await expect(phone.getByTestId('mobile-messages-link')).toBeVisible();

      const { popup, matchId } = await firstAlertGoal(phone, followed, context.request);
      expect(await followed.includes(context.request, matchId)).toBe(true);
      await expect(phone).toHaveURL(/\/h5\/#\/contact/);
      // On the phone's screen: inside its width, not under the bottom tab bar.
      const box = await popup.boundingBox();
      const viewport = phone.viewportSize();
      expect(box).not.toBeNull();
      expect(viewport).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(viewport!.width);
      expect(box!.y + box!.height).toBeLessThanOrEqual(viewport!.height);
      await expectNoHorizontalScroll(phone);

      // The ✉ badge counts the alert's 赛事 message; the message centre has it (the fan-out job's row).
      await expect(phone.getByTestId('mobile-message-unread-badge')).toBeVisible({ timeout: 15_000 });
      await phone.getByTestId('mobile-messages-link').tap();
      await expect(phone).toHaveURL(/\/h5\/#\/messages/);
      await expectGoalMessage(phone, matchId, async () => {
        await expect(phone.getByTestId('message-centre')).toBeVisible();
        await phone.getByTestId('message-tab-match').tap();
      });
      await expectNoHorizontalScroll(phone);
    });
  } finally {
    await context.close();
  }
});

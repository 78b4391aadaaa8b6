import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { openLoginModal, requestSmsCode, solveCaptcha, switchMode, toast } from './accounts';

/**
 * The seeded demo anchors (server/src/live/seedDemoRooms.ts): numbers starting with 100, seeded
 * without a password. The e2e server runs without demo streams (DEMO_STREAMS=0), so a journey that
 * needs a demo room on air logs its anchor in (a password set through 忘记密码 with the SMS code
 * from the outbox) and pushes a real stream (support/testStream.ts). A number gets one SMS code a
 * minute: use each demo anchor in one journey of a run.
 */
export interface DemoAnchor {
  /** The number without the country code, as the login form takes it. */
  number: string;
  nickname: string;
  title: string;
}

/** The two football demo anchors: their rooms show the demo feed's football matches. */
export const FOOTBALL_DEMO_ANCHORS: readonly DemoAnchor[] = [
  { number: '10000000001', nickname: '老王说球', title: '英超焦点战 全场解说' },
  { number: '10000000002', nickname: '足球小将', title: '西甲 德比夜' },
];

/** The eighth demo anchor (general), tests/search.spec.ts's. */
export const RUNNER_DEMO_ANCHOR: DemoAnchor = { number: '10000000008', nickname: '跑步达人', title: '马拉松训练直播' };

/**
 * Logs a demo anchor in on `page`: 忘记密码 sets `password` with the SMS code from the outbox,
 * then the password login; the page ends logged in on the site.
 */
export async function logInDemoAnchor(page: Page, number: string, password: string): Promise<void> {
  await page.goto('/web/#/main');
  await switchMode(await openLoginModal(page), '忘记密码');
  const forgot = page.getByRole('dialog', { name: '忘记密码' });
  await forgot.getByLabel('手机号').fill(number);
  const code = await requestSmsCode(forgot, number, 2);
  await forgot.getByLabel('短信验证码').fill(code);
  await forgot.getByLabel('新密码').fill(password);
  await solveCaptcha(forgot);
  await forgot.getByRole('button', { name: '重置密码' }).click();
  await expect(toast(page, '密码已重置，请重新登录')).toBeVisible();
  const login = page.getByRole('dialog', { name: '密码登录' });
  await login.getByLabel('手机号').fill(number);
  await login.getByLabel('登录密码').fill(password);
  await solveCaptcha(login);
  await login.getByRole('button', { name: '登录', exact: true }).click();
  await expect(login).toBeHidden();
}

/**
 * On the logged-in demo anchor's page: opens their room (#/live?mine=1), starts it when it is not
 * open (demo rooms are seeded open) and answers the owner panel, 结束直播 showing.
 */
export async function openDemoRoomOnAir(page: Page) {
  await page.goto('/web/#/live?mine=1');
  const owner = page.getByTestId('owner-panel');
  await expect(owner).toBeVisible({ timeout: 30_000 });
  const start = owner.getByRole('button', { name: '开始直播' });
  if (await start.isVisible()) await start.click();
  await expect(owner.getByRole('button', { name: '结束直播' })).toBeVisible();
  return owner;
}

/** A football demo room, its anchor and the match it shows now. */
export interface DemoFootballRoom {
  anchor: DemoAnchor;
  roomId: number;
  matchId: number;
  /** The match's minute when it was picked ("23'"). */
  matchStr: string;
}

interface LiveListRoom {
  room_id: number;
  anchor: { user_nickname: string };
  match: { match_id: number; status: string; match_str: string } | null;
}

/** A minute of play as a number ("67'" → 67, "45+2'" → 45); null for 中场, 完场… */
function minuteOf(matchStr: string): number | null {
  const found = /^(\d+)/.exec(matchStr);
  return found ? Number(found[1]) : null;
}

/**
 * The football demo room whose match (in play) has the most left to play, polled until one is
 * (the server points demo rooms at feed matches every minute: seedDemoRooms.ts).
 */
export async function demoFootballRoomInPlay(request: APIRequestContext): Promise<DemoFootballRoom> {
  let found: DemoFootballRoom | null = null;
  await expect
    .poll(
      async () => {
        const body = await (await request.get('/api/Live_streaming/getLiveList?type=1&page=1&page_size=50')).json();
        const candidates = (body.data.list as LiveListRoom[]).flatMap((room) => {
          const anchor = FOOTBALL_DEMO_ANCHORS.find((demo) => demo.nickname === room.anchor.user_nickname);
          const minute = room.match && room.match.status === 'live' ? minuteOf(room.match.match_str) : null;
          return anchor && room.match && minute !== null ? [{ anchor, roomId: room.room_id, matchId: room.match.match_id, matchStr: room.match.match_str, minute }] : [];
        });
        candidates.sort((a, b) => a.minute - b.minute);
        const best = candidates[0];
        found = best ? { anchor: best.anchor, roomId: best.roomId, matchId: best.matchId, matchStr: best.matchStr } : null;
        return found !== null;
      },
      { message: 'a football demo room shows a match in play', timeout: 120_000, intervals: [1_000] },
    )
    .toBe(true);
  return found as unknown as DemoFootballRoom;
}

import { expect, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { type Member, newMember } from './accounts';
import { E2E_OPS_TOKEN } from './rolloutOps';

/**
 * Anchors for the live-room journeys: a member (support/accounts.ts newMember) made an anchor by
 * ops, opening and starting a room of their own as an anchor does in the page, and the push
 * address a real encoder (support/testStream.ts) sends to.
 */

/**
 * Ops grant anchor status (the shortcut past the anchor application, which tests/memberCentre.spec.ts
 * walks through): POST /api/ops/anchors with the e2e ops token, from a client of their own
 * (`ops`: no site cookie, so no CSRF question). The request must succeed and the server say 200.
 */
export async function grantAnchor(ops: APIRequestContext, mobile: string): Promise<void> {
  const response = await ops.post('/api/ops/anchors', { headers: { 'x-ops-token': E2E_OPS_TOKEN }, data: { mobile, is_anchor: 1 } });
  expect(response.ok()).toBe(true);
  expect((await response.json()).code).toBe(200);
}

/**
 * On the owner's own room page: presses 开始直播 on the owner panel and waits for 结束直播 (the
 * room is on air). Answers the owner panel (its 获取推流地址, 推流状态, admins…).
 */
export async function goLive(page: Page): Promise<Locator> {
  const owner = page.getByTestId('owner-panel');
  await expect(owner).toBeVisible();
  await owner.getByRole('button', { name: '开始直播' }).click();
  await expect(owner.getByRole('button', { name: '结束直播' })).toBeVisible();
  return owner;
}

/** A room on air, as its owner's page shows it. */
export interface OwnRoom {
  /** The owner panel on the anchor's page. */
  owner: Locator;
  /** The room's id (digits), as in `#/live?id=<roomId>`. */
  roomId: string;
  /** The room page's full URL, for viewers to open. */
  url: string;
}

export interface OwnRoomOptions {
  /** The 直播类型 to choose, by its label (e.g. '电竞'); the form's default otherwise. */
  category?: string;
}

/**
 * An anchor's page creates their room on #/live?mine=1 (直播标题 `title`, 创建直播间) and starts it
 * (goLive); the page stays on the room. The page is reloaded there first: the app reads the
 * member's anchor status (their user info) when it loads, so a grant made since needs a reload.
 */
export async function startOwnRoom(page: Page, title: string, options: OwnRoomOptions = {}): Promise<OwnRoom> {
  await page.goto('/web/#/live?mine=1');
  await page.reload();
  const createForm = page.getByTestId('create-room-form');
  // The live remote loads after the reload; on a busy machine that takes a while.
  await expect(createForm).toBeVisible({ timeout: 30_000 });
  await createForm.getByLabel('直播标题').fill(title);
  if (options.category !== undefined) await createForm.getByLabel('直播类型').selectOption({ label: options.category });
  await createForm.getByRole('button', { name: '创建直播间' }).click();
  const owner = await goLive(page);
  const url = page.url();
  const roomId = new URL(url.replace('#/', '')).searchParams.get('id');
  expect(roomId).toMatch(/^[0-9]+$/);
  return { owner, roomId: roomId as string, url };
}

/** A new anchor (registered, granted by ops) with a room on air, their page on it. */
export type AnchorOnAir = Member & OwnRoom;

/** newMember, grantAnchor and startOwnRoom in one: the usual start of a live-room journey. */
export async function newAnchorOnAir(browser: Browser, ops: APIRequestContext, password: string, title: string, options: OwnRoomOptions = {}): Promise<AnchorOnAir> {
  const anchor = await newMember(browser, password);
  await grantAnchor(ops, anchor.mobile);
  return { ...anchor, ...(await startOwnRoom(anchor.page, title, options)) };
}

/**
 * Presses 获取推流地址 on the owner panel of `page` and reads the RTMP address the page gives
 * (rtmp://…/live/room<id>?sign=…), for a real encoder (support/testStream.ts) to push to.
 */
export async function readPushUrl(page: Page): Promise<string> {
  await page.getByTestId('owner-panel').getByRole('button', { name: '获取推流地址' }).click();
  const pushUrl = await page.getByTestId('push-url').inputValue();
  expect(pushUrl).toMatch(/^rtmp:\/\/.+\/live\/room[0-9]+\?sign=/);
  return pushUrl;
}

import { expect } from '@playwright/test';
import { test } from './support/journey';
import { newMember, registerThroughApi } from './support/accounts';
import { newAnchorOnAir, readPushUrl } from './support/anchors';
import { demoFootballRoomInPlay, logInDemoAnchor, openDemoRoomOnAir } from './support/demoAnchors';
import { apiData, type ClipInfo, expectVideoAdvancing, postAsMember, pressPlayAndExpectPlaying } from './support/media';
import { expectNoHorizontalScroll, phoneContext } from './support/phones';
import { expectVideoPlaying } from './support/playback';
import { type TestStream, pushTestStream } from './support/testStream';

/**
 * Issue 34, goal replays: a demo football match shown by a demo room scores while the room pushes
 * real video (ffmpeg), and seconds later the goal is a clip cut from the room's stream: a 进球回放
 * card in the room's chat that plays in place, 看回放 on the goal popup, a play mark on the goal in
 * the match page's timeline, the clip page (#/clip?id=), and the same on a phone (/h5).
 *
 * The demo feed runs at 60x (playwright.config.ts: a match minute a second), so a match scores
 * every half minute or so; the server points the demo rooms at matches in play
 * (server/src/live/seedDemoRooms.ts) and moves a room on when its match ends. The e2e server has
 * no demo streams (DEMO_STREAMS=0): the demo anchor logs in and pushes (support/demoAnchors.ts).
 */
test.describe.configure({ timeout: 180_000 });

const PASSWORD = 'clips-e2e-2026';
/** issue 34: goal event to clip playable, p95 ≤ 15 s (the 10 s after the goal included). */
const CLIP_TARGET_MS = 15_000;
/** The card waits for the viewer's picture too (spoiler-free) and the page is polled: the margin. */
const CLIP_MARGIN_MS = 10_000;
/**
 * How long the journey waits for the room's match (or the next one) to score and its clip to come:
 * at the e2e feed's 60x a match is under two minutes, and a room picked late in its match moves
 * on to the next one (a CI run once saw no goal of the room's matches in 150 s).
 */
const GOAL_CLIP_WAIT_MS = 210_000;

/** The goal settings (SPEC.md section 3) of a fan who follows the match: popups, all competitions, favourites only, kept open until closed. */
const FAVOURITES_KEPT_OPEN = JSON.stringify({ value1: true, value2: true, value3: true, value4: true });

interface RoomInfo {
  match: { match_id: number } | null;
  is_live: number;
}

test('a demo match scores while its room is on air: a 进球回放 card plays in the chat, the goal popup’s 看回放 and the match page’s play mark open the same clip, and a phone plays it too', async ({ browser, request }) => {
  // The feed decides when the room's match scores (half a minute apart on average, sometimes two): two minutes more for this journey.
  test.setTimeout(300_000);
  let stream: TestStream | null = null;
  const anchorContext = await browser.newContext();
  try {
    // The demo room whose match has the most play left; its anchor goes on air with real video.
    const room = await demoFootballRoomInPlay(request);
    const anchor = await anchorContext.newPage();
    await logInDemoAnchor(anchor, room.anchor.number, PASSWORD);
    await openDemoRoomOnAir(anchor);
    stream = pushTestStream(await readPushUrl(anchor));
    // The anchor's own player is not the journey's: the page leaves (the push goes on).
    await anchor.goto('about:blank');

    // A fan (a member) follows the room's match and keeps goal popups of favourites open.
    const fan = await newMember(browser, PASSWORD);
    const origin = new URL(fan.page.url()).origin;
    await fan.page.evaluate((settings) => localStorage.setItem('immediately', settings), FAVOURITES_KEPT_OPEN);
    let matchId = room.matchId;
    await postAsMember(fan.context, origin, '/api/Basketballuser/collect', { match_id: matchId, collect: 1 });

    // The fan watches the room (page `watch`) and has the match page open (page `match`: no player, so no spoiler-free hold on its popups).
    const watch = fan.page;
    await watch.goto(`/web/#/live?id=${room.roomId}`);
    await expectVideoPlaying(watch);
    const watchingSince = Date.now();
    const match = await fan.context.newPage();
    await match.goto(`/web/#/score-detail?id=${matchId}`);
    await expect(match.getByTestId('timeline'), 'the match page shows its timeline').toBeVisible({ timeout: 30_000 });

    // A goal (or penalty) of the room's match after the fan came: its card in the chat. A room whose
    // match ended moves on to another: the fan follows that one too. Only a goal scored while the room
    // showed its match counts (a room moved onto a match also gets clips of that match's goals of the
    // last minutes, cut from before: server/src/clips/feedClipWatcher.ts looks 10 minutes back).
    const cards = watch.getByTestId('chat-messages').getByTestId('clip-card');
    const seenAt = new Map<string, number>();
    const clips = new Map<string, ClipInfo>();
    /** Since when (ms) the journey knows the room shows each match. */
    const showsSince = new Map<number, number>([[matchId, watchingSince]]);
    const shownWhenScored = (clip: ClipInfo) => clip.match_id !== null && showsSince.has(clip.match_id) && Date.parse(clip.happened_at) >= (showsSince.get(clip.match_id) ?? 0) - 1_000;
    let goalClip: ClipInfo | null = null;
    let lastMatchCheck = 0;
    await expect
      .poll(
        async () => {
          const now = Date.now();
          if (now - lastMatchCheck > 3_000) {
            lastMatchCheck = now;
            const info = await apiData<RoomInfo>(request, `/api/Live_streaming/getRoomInfo?room_id=${room.roomId}`);
            if (info.match && info.match.match_id !== matchId) {
              matchId = info.match.match_id;
              showsSince.set(matchId, now);
              await postAsMember(fan.context, origin, '/api/Basketballuser/collect', { match_id: matchId, collect: 1 });
              await match.goto(`/web/#/score-detail?id=${matchId}`);
            }
          }
          for (const id of await cards.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-clip-id') ?? ''))) {
            if (id === '' || seenAt.has(id)) continue;
            seenAt.set(id, now);
            const info = await apiData<ClipInfo>(request, `/api/Clip/info?id=${id}`);
            clips.set(id, info);
            if (!shownWhenScored(info)) console.log(`clip ${id} (${info.title}, scored ${info.happened_at}) came ${now - Date.parse(info.happened_at)} ms after its goal, scored before the fan watched the room on that match: not counted`);
          }
          goalClip = [...clips.values()].find((clip) => (clip.kind === 'goal' || clip.kind === 'penalty') && shownWhenScored(clip)) ?? null;
          return goalClip !== null;
        },
        { message: `a 进球回放 card in room ${room.roomId}'s chat within ${GOAL_CLIP_WAIT_MS / 1_000} s (a goal of its match, then its clip)`, timeout: GOAL_CLIP_WAIT_MS, intervals: [500] },
      )
      .toBe(true);
    test.info().annotations.push({ type: 'waited for a goal clip (s)', description: ((Date.now() - watchingSince) / 1_000).toFixed(0) });
    const clip = goalClip as unknown as ClipInfo;
    const clipId = String(clip.id);
    expect(clip.room_id, 'the clip is of the room on air').toBe(room.roomId);
    expect(clip.status, 'the card is of a clip that is ready').toBe('ready');
    const latencyMs = (seenAt.get(clipId) ?? Number.NaN) - Date.parse(clip.happened_at);
    test.info().annotations.push({ type: 'goal to 进球回放 card in the chat (ms)', description: String(latencyMs) });
    console.log(`goal ${clip.happened_at} → card ${latencyMs} ms: ${clip.title}`);
    expect(latencyMs, `the card came ${latencyMs} ms after the goal (target ${CLIP_TARGET_MS} ms + ${CLIP_MARGIN_MS} ms margin)`).toBeLessThanOrEqual(CLIP_TARGET_MS + CLIP_MARGIN_MS);

    // The card plays in place.
    const card = watch.locator(`[data-testid="clip-card"][data-clip-id="${clipId}"]`);
    await card.getByRole('button', { name: /^(进球|点球)回放：.+，点击播放$/ }).click();
    await expectVideoAdvancing(card.getByTestId('clip-player'), 'the 进球回放 card in the chat');

    // The goal popup (on the match page) offers 看回放, which plays the same clip on its page.
    const watchClip = match.locator(`[data-testid="goal-watch-clip"][href="#/clip?id=${clipId}"]`);
    await expect(watchClip, 'the goal popup offers 看回放 of the clip').toBeVisible({ timeout: 15_000 });
    await watchClip.click();
    await expect(match).toHaveURL(new RegExp(`#/clip\\?id=${clipId}$`));
    await expect(match.getByTestId('clip-page'), 'the clip page is the clip’s').toHaveAttribute('data-clip-id', clipId, { timeout: 20_000 });
    await expect(match.getByRole('heading', { name: clip.title })).toBeVisible();
    await pressPlayAndExpectPlaying(match.getByTestId('clip-player'), 'the clip page opened from 看回放');

    // The match page: the goal in the timeline carries a play mark that opens the clip.
    await match.goto(`/web/#/score-detail?id=${clip.match_id}`);
    const mark = match.getByTestId('timeline').locator(`[data-testid="timeline-clip"][data-clip-id="${clipId}"]`);
    await expect(mark, 'the goal in the match page’s timeline has a play mark').toBeVisible({ timeout: 20_000 });
    await expect(mark, 'the play mark is on the goal').toHaveAccessibleName(/^看回放：\S+ 进球/);
    await mark.click();
    await expect(match).toHaveURL(new RegExp(`#/clip\\?id=${clipId}$`));
    await expect(match.getByTestId('clip-page')).toHaveAttribute('data-clip-id', clipId, { timeout: 20_000 });
    await pressPlayAndExpectPlaying(match.getByTestId('clip-player'), 'the clip page opened from the timeline');
    await fan.context.close();

    // A phone (/h5): a guest in the room finds the card in the chat and plays it in place; the share link plays too.
    const phone = await phoneContext(browser, 'iPhone 13');
    const guest = await phone.newPage();
    await guest.goto(`/h5/#/live?id=${room.roomId}`);
    const phoneCard = guest.locator(`[data-testid="clip-card"][data-clip-id="${clipId}"]`);
    await expect(phoneCard, 'the /h5 room shows the 进球回放 card in its chat').toBeVisible({ timeout: 30_000 });
    await phoneCard.getByRole('button', { name: /^(进球|点球)回放：/ }).tap();
    await expectVideoAdvancing(phoneCard.getByTestId('clip-player'), 'the 进球回放 card on a phone');
    await guest.goto(`/h5/#/clip?id=${clipId}`);
    await expect(guest.getByTestId('clip-page')).toHaveAttribute('data-clip-id', clipId, { timeout: 30_000 });
    await pressPlayAndExpectPlaying(guest.getByTestId('clip-player'), 'the clip page on a phone', 'tap');
    await expectNoHorizontalScroll(guest);
    await phone.close();
  } finally {
    await stream?.stop();
    await anchorContext.close();
  }
});


test('on a phone (/h5) a viewer clips the last 30 s (剪辑): its card plays in the chat, and its share link plays for a guest on another phone', async ({ browser, request }) => {
  let stream: TestStream | null = null;
  try {
    const anchor = await newAnchorOnAir(browser, request, PASSWORD, '手机剪辑直播间');
    stream = pushTestStream(await readPushUrl(anchor.page));
    await anchor.page.goto('about:blank');

    // A member on a Pixel 7 watches the room on the phone site.
    const pixel = await phoneContext(browser, 'Pixel 7');
    const { profile } = await registerThroughApi(pixel, PASSWORD);
    const phone = await pixel.newPage();
    await phone.goto(`/h5/#/live?id=${anchor.roomId}`);
    await expectVideoPlaying(phone);

    // 剪辑 in the room's bar: a sheet with the title, 确认剪辑.
    const title = `手机剪辑${Date.now() % 100_000}`;
    await phone.getByRole('group', { name: '互动栏' }).getByRole('button', { name: '剪辑最近30秒' }).tap();
    const sheet = phone.getByRole('dialog', { name: '剪辑最近30秒' });
    await expect(sheet, '剪辑 opens its sheet').toBeVisible();
    await sheet.getByLabel('标题（可不填）').fill(title);
    await sheet.getByRole('button', { name: '确认剪辑' }).tap();
    await expect(sheet.getByText('剪辑已提交，生成后即可观看'), 'the clip is taken').toBeVisible({ timeout: 15_000 });
    await sheet.getByRole('button', { name: '关闭' }).tap();
    await expect(sheet).toBeHidden();

    // Cut from the room's last 30 s, it comes to the chat as a card (精彩回放) that plays in place.
    const card = phone.getByTestId('chat-messages').getByTestId('clip-card').filter({ hasText: title });
    await expect(card, 'the clip’s card comes to the room’s chat').toBeVisible({ timeout: 45_000 });
    const clipId = (await card.getAttribute('data-clip-id')) ?? '';
    expect(clipId).toMatch(/^[0-9]+$/);
    // The room had been on air for less than 30 s: the clip is of what there was, and says so.
    await card.getByRole('button', { name: new RegExp(`^精彩回放：${title}(（不完整）)?，点击播放$`) }).tap();
    // Playing, the card is the player (its title leaves the line): found by its clip from now on.
    const playing = phone.locator(`[data-testid="clip-card"][data-clip-id="${clipId}"]`);
    await expectVideoAdvancing(playing.getByTestId('clip-player'), 'the 剪辑 card on a Pixel 7');

    // Its share link: a guest on an iPhone opens the clip page and plays it.
    const iphone = await phoneContext(browser, 'iPhone 13');
    const guest = await iphone.newPage();
    await guest.goto(`/h5/#/clip?id=${clipId}`);
    await expect(guest.getByTestId('clip-page')).toHaveAttribute('data-clip-id', clipId, { timeout: 30_000 });
    await expect(guest.getByRole('heading', { name: new RegExp(`^${title}(（不完整）)?$`) })).toBeVisible();
    await expect(guest.getByText(`由 ${profile.user_nickname} 剪辑`), 'the clip page names who clipped it').toBeVisible();
    await pressPlayAndExpectPlaying(guest.getByTestId('clip-player'), 'the shared clip page on an iPhone', 'tap');
    await expectNoHorizontalScroll(guest);
    await iphone.close();
    await pixel.close();
  } finally {
    await stream?.stop();
  }
});

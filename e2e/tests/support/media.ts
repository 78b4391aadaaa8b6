import { expect, type APIRequestContext, type BrowserContext, type Locator } from '@playwright/test';

/**
 * Clips and replays (issue 34) in the page: a `<video>` (a clip's MP4, a replay's HLS) plays when
 * its currentTime moves on (TOOLCHAIN.md: measure playback by progress, not value).
 */

/** The video's currentTime, in seconds. */
export function currentTime(video: Locator): Promise<number> {
  return video.evaluate((element) => (element as HTMLVideoElement).currentTime);
}

/** The video shows and its currentTime advances by more than half a second (`what` names it in a failure). */
export async function expectVideoAdvancing(video: Locator, what: string, timeoutMs = 30_000): Promise<void> {
  await expect(video, `${what}: the video shows`).toBeVisible({ timeout: 15_000 });
  const start = await currentTime(video);
  await expect.poll(() => currentTime(video), { message: `${what}: the video plays (currentTime moves on from ${start.toFixed(2)} s)`, timeout: timeoutMs }).toBeGreaterThan(start + 0.5);
}

/**
 * A viewer presses play on a paused video (the browser's own controls: a click, or a tap on a
 * phone, on the picture), then it must play.
 */
export async function pressPlayAndExpectPlaying(video: Locator, what: string, how: 'click' | 'tap' = 'click'): Promise<void> {
  await expect(video, `${what}: the video shows`).toBeVisible({ timeout: 15_000 });
  // Its metadata first: the browser's play button is there once the video knows what it holds.
  await expect.poll(() => video.evaluate((element) => (element as HTMLVideoElement).readyState), { message: `${what}: the video loads its metadata`, timeout: 15_000 }).toBeGreaterThanOrEqual(1);
  const paused = () => video.evaluate((element) => (element as HTMLVideoElement).paused);
  if (how === 'click') {
    // A desktop's controls: a click on the picture plays.
    if (await paused()) await video.click();
  } else {
    // A phone's controls: a tap on the picture shows them, then their play button (bottom left) plays.
    await expect(async () => {
      if (!(await paused())) return;
      await video.tap();
      await video.page().waitForTimeout(300); // the controls fade in
      const box = await video.boundingBox();
      if (box === null) throw new Error(`${what}: the video has no box`);
      await video.page().touchscreen.tap(box.x + 24, box.y + box.height - 48);
      await expect.poll(paused, { timeout: 2_000 }).toBe(false);
    }, `${what}: the play button of the phone's controls starts the video`).toPass({ timeout: 15_000 });
  }
  await expectVideoAdvancing(video, what);
}

/** The envelope of every API answer. */
interface Envelope<Data> {
  code: number;
  msg: string;
  data: Data;
}

/** GETs one of the site's API calls and answers its data; anything but code 200 throws, naming the call. */
export async function apiData<Data>(request: APIRequestContext, url: string): Promise<Data> {
  const answer = await request.get(url);
  const text = await answer.text();
  const envelope = answer.ok() ? (JSON.parse(text) as Envelope<Data>) : null;
  if (envelope?.code !== 200) throw new Error(`GET ${url} answered ${answer.status()}: ${text.slice(0, 300)}`);
  return envelope.data;
}

/**
 * POSTs as the site's pages do from a member's context (its session cookie, X-Requested-With and
 * the page's Origin: the CSRF rule); answers the data, anything but code 200 throws.
 */
export async function postAsMember<Data>(context: BrowserContext, origin: string, url: string, body: object): Promise<Data> {
  const answer = await context.request.post(url, { headers: { 'X-Requested-With': 'XMLHttpRequest', Origin: origin }, data: body });
  const text = await answer.text();
  const envelope = answer.ok() ? (JSON.parse(text) as Envelope<Data>) : null;
  if (envelope?.code !== 200) throw new Error(`POST ${url} answered ${answer.status()}: ${text.slice(0, 300)}`);
  return envelope.data;
}

/** A clip as `api/Clip/info` answers it (the fields the journeys read). */
export interface ClipInfo {
  id: number;
  title: string;
  kind: string;
  status: string;
  video_url: string | null;
  happened_at: string;
  room_id: number;
  match_id: number | null;
  event_id: number | null;
}

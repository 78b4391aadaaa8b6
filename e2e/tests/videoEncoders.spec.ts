import { execFileSync } from 'node:child_process';
import { expect, type Page } from '@playwright/test';
import { test } from './support/journey';
import { newAnchorOnAir, readPushUrl } from './support/anchors';
import { type TestStream, startEncoder } from './support/testStream';

/**
 * Issue 15, end to end: the room page plays whatever a real encoder sends. One anchor's room,
 * pushed in turn by ffmpeg (audio+video, video only, audio only, timestamps starting at 100 s)
 * and by GStreamer's rtmp2sink (with and without audio); a guest's page plays each (the video's
 * time advances, the state leaves 连接中…). And the HLS fallback: with the FLV request failing,
 * hls.js plays the same room. Real server, real ingest, real encoders, real Chromium.
 */
test.describe.configure({ timeout: 360_000 });

const PASSWORD = 'encoder-pass-2026';

/** Each push lasts `SECONDS` at most (each case ends it sooner). */
const SECONDS = '90';
const ffmpegVideo = ['-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=25'];
const ffmpegAudio = ['-f', 'lavfi', '-i', 'sine=frequency=440'];
const x264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '25'];
const ffmpeg = (args: string[]) => (url: string) => startEncoder('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-re', ...args, '-t', SECONDS, '-f', 'flv', url]);

function gst(audio: boolean) {
  return (url: string) =>
    startEncoder('gst-launch-1.0', [
      ...['-q', 'flvmux', 'name=mux', 'streamable=true', '!', 'rtmp2sink', `location=${url}`],
      ...['videotestsrc', 'is-live=true', 'pattern=ball', '!', 'video/x-raw,width=320,height=180,framerate=25/1'],
      ...['!', 'x264enc', 'tune=zerolatency', 'speed-preset=ultrafast', 'key-int-max=25', 'bitrate=500', '!', 'h264parse', '!', 'mux.'],
      ...(audio ? ['audiotestsrc', 'is-live=true', '!', 'audioconvert', '!', 'voaacenc', '!', 'aacparse', '!', 'mux.'] : []),
    ]);
}

/** Why the GStreamer cases cannot run here; null when they can (`npm test` installs GStreamer). */
function gstMissing(): string | null {
  const missing = ['rtmp2sink', 'flvmux', 'x264enc', 'voaacenc', 'videotestsrc'].filter((element) => {
    try {
      execFileSync('gst-inspect-1.0', ['--exists', element], { stdio: 'ignore' });
      return false;
    } catch {
      return true;
    }
  });
  return missing.length === 0 ? null : `GStreamer elements missing: ${missing.join(', ')} (scripts/test.sh installs gstreamer1.0-tools and -plugins-good/-bad/-ugly)`;
}

interface EncoderCase {
  name: string;
  push: (url: string) => TestStream;
  needsGst?: boolean;
}

const CASES: EncoderCase[] = [
  { name: 'ffmpeg audio+video', push: ffmpeg([...ffmpegVideo, ...ffmpegAudio, ...x264, '-c:a', 'aac']) },
  { name: 'ffmpeg video only', push: ffmpeg([...ffmpegVideo, ...x264, '-an']) },
  { name: 'ffmpeg audio only', push: ffmpeg([...ffmpegAudio, '-vn', '-c:a', 'aac']) },
  { name: 'ffmpeg timestamps from 100 s', push: ffmpeg([...ffmpegVideo, ...ffmpegAudio, ...x264, '-c:a', 'aac', '-output_ts_offset', '100']) },
  { name: 'gst rtmp2sink with audio', push: gst(true), needsGst: true },
  { name: 'gst rtmp2sink without audio', push: gst(false), needsGst: true },
];

/** The video's time advances (audio only too: the element's clock runs on the audio). */
async function expectPlaying(page: Page, what: string): Promise<void> {
  const video = page.getByTestId('live-video');
  const time = () => video.evaluate((element) => (element as HTMLVideoElement).currentTime);
  await expect(page.getByTestId('live-state'), `${what}: the state leaves 连接中…`).toHaveText('直播中', { timeout: 30_000 });
  await expect.poll(time, { timeout: 20_000, message: `${what}: the video starts` }).toBeGreaterThan(0.2);
  const first = await time();
  await expect.poll(time, { timeout: 10_000, message: `${what}: the video keeps playing` }).toBeGreaterThan(first + 1);
}

test('the room page plays every encoder shape, and falls back to HLS when FLV fails', async ({ browser, request }) => {
  // One anchor's room (registered, granted by ops, on air) and its push address.
  const anchor = await newAnchorOnAir(browser, request, PASSWORD, '编码器兼容测试');
  const { roomId } = anchor;
  const pushUrl = await readPushUrl(anchor.page);
  const viewerContext = await browser.newContext();
  const gstReason = gstMissing();
  let push: TestStream | null = null;
  try {
    for (const encoder of CASES) {
      if (encoder.needsGst && gstReason !== null) {
        console.log(`skipped ${encoder.name}: ${gstReason}`);
        continue;
      }
      await test.step(encoder.name, async () => {
        push = encoder.push(pushUrl);
        const viewer = await viewerContext.newPage();
        await viewer.goto(`/web/#/live?id=${roomId}`);
        try {
          await expectPlaying(viewer, encoder.name);
        } catch (error) {
          throw new Error(`${encoder.name} did not play; the encoder printed: ${push.output() || '(nothing)'}`, { cause: error });
        }

        if (encoder === CASES[0]) {
          // The HLS fallback: this page's FLV request fails, so the player moves on to hls.js.
          const hlsPage = await viewerContext.newPage();
          const playlists: string[] = [];
          hlsPage.on('response', (response) => {
            if (response.url().endsWith('/index.m3u8') && response.status() === 200) playlists.push(response.url());
          });
          await hlsPage.route(/\/live\/room[0-9]+\.flv$/, (route) => route.abort('connectionrefused'));
          await hlsPage.goto(`/web/#/live?id=${roomId}`);
          await expectPlaying(hlsPage, 'HLS fallback');
          expect(playlists[0]).toContain(`/live/room${roomId}/index.m3u8`);
          await hlsPage.close();
        }

        // The push ends: the room goes offline at once (主播暂时离开); the next case waits out the
        // reconnect grace (MEDIA_RECONNECT_GRACE_SECONDS, 10 s), so it is a new publish, not a resume.
        await push.stop();
        push = null;
        await expect(viewer.getByTestId('live-state')).toHaveText('主播暂时离开', { timeout: 45_000 });
        await viewer.waitForTimeout(11_000);
        await viewer.close();
      });
    }
  } finally {
    await (push as TestStream | null)?.stop();
  }
});

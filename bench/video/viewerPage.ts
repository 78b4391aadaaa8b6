import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { FlvLatencyController } from 'mf-live/flvLatencyController';
import { FLV_ADAPTIVE, FLV_SAMPLE_MS } from 'mf-live/latencySettings';

/**
 * The viewer page of `pnpm bench:video`, in Chromium: the players' own builds (mpegts.js, hls.js,
 * the versions mf-live ships) with mf-live's latency settings, served by Playwright as if from
 * the server's origin (so the stream is same-origin, as on the site; the stream itself comes
 * from the real server untouched). Every 100 ms while playing it samples the buffer ahead of the
 * picture and the player's own delay (mf-live/src/player/playerDelay.ts, same formulas); it
 * counts stalls ('waiting' after the first frame) and, where Chromium reports presented frames
 * (requestVideoFrameCallback), the direct glass-to-glass of each frame: the wall time it was
 * shown minus the wall time it was made (t0 + its FLV timestamp). The FLV player is steered by
 * mf-live's own buffer controller (flvLatencyController.ts, its class source put on the page,
 * with FLV_ADAPTIVE), every FLV_SAMPLE_MS, as engines.ts does.
 */

const require = createRequire(import.meta.url);
export const PAGE_PATH = '/bench-video/index.html';
const SCRIPTS: Record<string, string> = {
  '/bench-video/mpegts.js': path.join(path.dirname(require.resolve('mpegts.js/package.json')), 'dist/mpegts.js'),
  '/bench-video/hls.js': path.join(path.dirname(require.resolve('hls.js/package.json')), 'dist/hls.light.min.js'),
};

export interface PageSample {
  at: number;
  bufferMs: number;
  /** The player's own measure of its delay (null until known). */
  delayMs: number | null;
}

export interface PageResult {
  samples: PageSample[];
  /** Wall times of 'waiting' after the first frame (the picture froze for want of data). */
  stallsAt: number[];
  /** How long each stall lasted (ms, until 'playing' again). */
  stallMs: number[];
  playingAt: number | null;
  /** Direct glass-to-glass of presented frames (FLV only; empty where not reported). */
  framesMs: number[];
  /** FLV: the controller's seeks (the start's skip included), and its samples at a rate other than 1. */
  seeks?: number;
  rateChanges?: number;
  /** FLV: the controller's target buffer at each 100 ms sample (ms). */
  targetsMs?: number[];
}

const CONTROLLER_PATH = '/bench-video/controller.js';
/** The class as tsx compiled it (esbuild's keepNames calls __name), and its settings. */
const CONTROLLER_SCRIPT = `var __name = (target) => target;
window.FlvLatencyController = ${FlvLatencyController.toString()};
window.FLV_ADAPTIVE = ${JSON.stringify(FLV_ADAPTIVE)};
window.FLV_SAMPLE_MS = ${FLV_SAMPLE_MS};`;

const PAGE = `<!doctype html><meta charset="utf-8"><title>bench:video</title>
<video muted playsinline autoplay style="width:640px"></video>
<script src="/bench-video/mpegts.js"></script><script src="/bench-video/hls.js"></script>
<script src="/bench-video/controller.js"></script>
<script>
const out = { samples: [], stallsAt: [], stallMs: [], playingAt: null, framesMs: [], firstTs: null };
window.benchOut = out;
const video = document.querySelector('video');
function ahead() {
  const b = video.buffered, t = video.currentTime;
  for (let i = b.length - 1; i >= 0; i--) if (b.start(i) <= t + 0.1) return Math.max(0, b.end(i) - t);
  return 0;
}
function watch(delay, t0) {
  video.addEventListener('playing', () => {
    if (out.playingAt === null) out.playingAt = Date.now();
    else if (out.stallsAt.length > out.stallMs.length) out.stallMs.push(Date.now() - out.stallsAt[out.stallsAt.length - 1]);
  });
  video.addEventListener('waiting', () => { if (out.playingAt !== null) out.stallsAt.push(Date.now()); });
  setInterval(() => { if (out.playingAt !== null) out.samples.push({ at: Date.now(), bufferMs: ahead() * 1000, delayMs: delay() }); }, 100);
  if (t0 !== null && video.requestVideoFrameCallback) {
    const onFrame = (_now, meta) => {
      if (out.firstTs !== null) out.framesMs.push(performance.timeOrigin + meta.expectedDisplayTime - (t0 + out.firstTs + meta.mediaTime * 1000));
      video.requestVideoFrameCallback(onFrame);
    };
    video.requestVideoFrameCallback(onFrame);
  }
}
window.startFlv = (url, config, t0) => {
  const player = mpegts.createPlayer({ type: 'flv', isLive: true, url }, { ...config, autoCleanupSourceBuffer: true, lazyLoad: false });
  let lag = null;
  player.on(mpegts.Events.SCRIPTDATA_ARRIVED, (data) => {
    const clock = data && data.onStreamClock;
    if (!clock) return;
    if (out.firstTs === null) out.firstTs = clock.ts; // the first frame's ts: mpegts.js counts media time from it
    lag = Date.now() - clock.wallMs;
  });
  player.attachMediaElement(video);
  player.load();
  player.play();
  watch(() => (lag === null ? null : Math.round(lag + ahead() * 1000)), t0);
  // engines.ts's steerFlvLatency: the same controller, settings and period.
  const controller = new FlvLatencyController(window.FLV_ADAPTIVE);
  out.seeks = 0; out.rateChanges = 0; out.targetsMs = [];
  let target = null;
  setInterval(() => {
    const b = video.buffered, t = video.currentTime;
    let end = null;
    for (let i = b.length - 1; i >= 0; i--) if (b.start(i) <= t + 0.1) { end = b.end(i); break; }
    if (end === null || video.paused) return;
    const decision = controller.sample(Date.now(), { bufferedEndS: end, currentTimeS: t });
    target = decision.targetMs;
    if (decision.seekTo !== null) { video.currentTime = decision.seekTo; out.seeks += 1; }
    if (decision.rate !== 1) out.rateChanges += 1;
    if (video.playbackRate !== decision.rate) video.playbackRate = decision.rate;
  }, window.FLV_SAMPLE_MS);
  setInterval(() => { if (out.playingAt !== null && target !== null) out.targetsMs.push(target); }, 100);
};
window.startHls = (url, config) => {
  const hls = new Hls(config);
  hls.loadSource(url);
  hls.attachMedia(video);
  video.play().catch(() => {});
  watch(() => (hls.playingDate ? Date.now() - hls.playingDate.getTime() : null), null);
};
</script>`;

/** Opens the page on `origin` (the server's) and starts a player of `streamUrl`. */
export async function openViewerPage(page: Page, origin: string, start: { kind: 'flv'; url: string; config: object; t0: number } | { kind: 'hls'; url: string; config: object }): Promise<void> {
  await page.route(`${origin}/bench-video/**`, async (route) => {
    const pathname = new URL(route.request().url()).pathname;
    if (pathname === PAGE_PATH) return route.fulfill({ contentType: 'text/html', body: PAGE });
    if (pathname === CONTROLLER_PATH) return route.fulfill({ contentType: 'text/javascript', body: CONTROLLER_SCRIPT });
    const file = SCRIPTS[pathname];
    return file === undefined ? route.fulfill({ status: 404 }) : route.fulfill({ contentType: 'text/javascript', path: file });
  });
  await page.goto(`${origin}${PAGE_PATH}`);
  if (start.kind === 'flv') await page.evaluate(([url, config, t0]) => (globalThis as unknown as { startFlv: (...args: unknown[]) => void }).startFlv(url, config, t0), [start.url, start.config, start.t0] as const);
  else await page.evaluate(([url, config]) => (globalThis as unknown as { startHls: (...args: unknown[]) => void }).startHls(url, config), [start.url, start.config] as const);
}

export async function readViewerPage(page: Page): Promise<PageResult> {
  return page.evaluate(() => (globalThis as unknown as { benchOut: PageResult }).benchOut);
}

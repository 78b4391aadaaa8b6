/**
 * FLV glass-to-glass over a long window (issue 37: p95 <= 250 ms, no stall over 5 minutes) and
 * HLS now − playing program date (p95 <= 2 s), with the method of run.ts (README "Method"):
 * (a) made → FLV tag at a Node client, (b) the buffer ahead of the picture in Chromium playing
 * with mf-live's player (mpegts.js + its buffer controller, viewerPage.ts); (a+b) is glass to
 * glass. Stalls: 'waiting' after the warm-up lasting over a frame. Exported for run.ts;
 * edgeRun.ts runs them on their own.
 */
import http from 'node:http';
import type { Browser } from 'playwright-core';
import { FLV_LATENCY, HLS_LATENCY } from 'mf-live/latencySettings';
import { FlvTagReader } from './flvTagReader';
import { percentile } from './stats';
import { openViewerPage, readViewerPage, type PageResult } from './viewerPage';

const WARMUP_MS = 4_000;
const HLS_WARMUP_MS = 8_000;
/** A 'waiting' shorter than a frame (25 fps) froze nothing a viewer could see. */
const FRAME_MS = 40;

export interface Figures {
  p50: number;
  p95: number;
  count: number;
}

export interface FlvGlassToGlass {
  arrival: Figures;
  buffer: Figures;
  glassToGlass: { p50: number; p95: number };
  /** requestVideoFrameCallback: presented time − made time, per frame. */
  presented: Figures;
  stalls: number;
  stallsWhileStarting: number;
  frozenMs: number;
  seeks: number;
  /** Share of the controller's samples at a rate other than 1. */
  rateChangedShare: number;
  targetMs: Figures;
  seconds: number;
}

export interface HlsLatency {
  delay: Figures;
  buffer: Figures;
  stalls: number;
  frozenMs: number;
  seconds: number;
}

const figures = (values: number[]): Figures => ({ p50: percentile(values, 50), p95: percentile(values, 95), count: values.length });

/** (a): made → arrival of every video tag at a plain HTTP client, after the 4 s warm-up (run.ts and edgeParts.ts use it). */
export function readArrivals(url: string, seconds: number, t0: number): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const lags: number[] = [];
    const startedAt = Date.now();
    const reader = new FlvTagReader((tag) => {
      const now = Date.now();
      if (tag.type === 9 && now - startedAt >= WARMUP_MS) lags.push(now - (t0 + tag.ts));
    });
    const request = http.get(url, { agent: false }, (response) => response.on('data', (chunk: Buffer) => reader.push(chunk)));
    request.on('error', reject);
    setTimeout(() => {
      request.destroy();
      resolve(lags);
    }, seconds * 1000);
  });
}

function stallCount(result: PageResult, warmupMs: number): { steady: number; starting: number; frozenMs: number } {
  let steady = 0;
  let starting = 0;
  let frozenMs = 0;
  result.stallsAt.forEach((at, index) => {
    const lasted = result.stallMs[index] ?? Number.POSITIVE_INFINITY;
    if (at - (result.playingAt ?? 0) < warmupMs) starting += 1;
    else if (lasted >= FRAME_MS) {
      steady += 1;
      frozenMs += Number.isFinite(lasted) ? lasted : 0;
    }
  });
  return { steady, starting, frozenMs };
}

/** `seconds` of the FLV at `flvUrl` (page served as if from `origin`), frames stamped from `t0`. */
export async function measureFlvGlassToGlass(browser: Browser, origin: string, flvUrl: string, t0: number, seconds: number): Promise<FlvGlassToGlass> {
  const page = await browser.newPage();
  try {
    const [arrivals] = await Promise.all([
      readArrivals(flvUrl, seconds, t0),
      openViewerPage(page, origin, { kind: 'flv', url: flvUrl, config: FLV_LATENCY, t0 }).then(() => new Promise((resolve) => setTimeout(resolve, seconds * 1000))),
    ]);
    const result = await readViewerPage(page);
    const afterWarmup = result.samples.filter((sample) => sample.at - (result.playingAt ?? 0) >= WARMUP_MS);
    const buffer = afterWarmup.map((sample) => sample.bufferMs);
    const arrival = figures(arrivals);
    const bufferFigures = figures(buffer);
    const presented = result.framesMs.slice(Math.floor(result.framesMs.length * (WARMUP_MS / (seconds * 1000))));
    const stalls = stallCount(result, WARMUP_MS);
    const samples = Math.max(1, (seconds * 1000) / 50);
    return {
      arrival,
      buffer: bufferFigures,
      glassToGlass: { p50: arrival.p50 + bufferFigures.p50, p95: arrival.p95 + bufferFigures.p95 },
      presented: figures(presented),
      stalls: stalls.steady,
      stallsWhileStarting: stalls.starting,
      frozenMs: stalls.frozenMs,
      seeks: result.seeks ?? 0,
      rateChangedShare: (result.rateChanges ?? 0) / samples,
      targetMs: figures(result.targetsMs ?? []),
      seconds,
    };
  } finally {
    await page.close();
  }
}

/** `seconds` of hls.js with mf-live's settings (or `config`) on `hlsUrl`, after an 8 s warm-up. */
export async function measureHlsLatency(browser: Browser, origin: string, hlsUrl: string, seconds: number, config: object = HLS_LATENCY): Promise<HlsLatency> {
  const page = await browser.newPage();
  try {
    await openViewerPage(page, origin, { kind: 'hls', url: hlsUrl, config });
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000 + HLS_WARMUP_MS));
    const result = await readViewerPage(page);
    const after = result.samples.filter((sample) => sample.at - (result.playingAt ?? 0) >= HLS_WARMUP_MS);
    const stalls = stallCount(result, HLS_WARMUP_MS);
    return {
      delay: figures(after.filter((sample) => sample.delayMs !== null).map((sample) => sample.delayMs as number)),
      buffer: figures(after.map((sample) => sample.bufferMs)),
      stalls: stalls.steady,
      frozenMs: stalls.frozenMs,
      seconds,
    };
  } finally {
    await page.close();
  }
}

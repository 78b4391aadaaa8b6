import { type ExponentFrame, type GoalFrame, type LiveDataClient, type LiveDataFrame, type LiveStream, type MatchFrame, type MatchStream, createLiveDataClient } from '@sports/shared/server';
import { WebSocket } from 'ws';
import type { ManualClock } from '../../../infra/clock';
import type { App } from '../../../infra/http/types';
import type { LiveFeedOptions } from '../liveFeed';

/**
 * Test kit for the live feed and socket (not used at run time): a feed on a manual clock at 60x
 * (a simulated minute a clock second), and a real live-data client over `ws`.
 */
export const LIVE_TEST_START = new Date('2026-03-01T11:00:00Z');

export function liveFeedTestOptions(clock: ManualClock, overrides: Partial<LiveFeedOptions> = {}): LiveFeedOptions {
  return { seed: 42, speed: 60, clock, tickMs: null, pastHours: 3, futureHours: 2, ...overrides };
}

export function feedOf(app: App) {
  if (app.liveFeed === null) throw new Error('this app has no feed');
  return app.liveFeed;
}

/** Moves the clock `ms` in steps, storing and publishing a batch each step (like the timer would). */
export async function playFeed(app: App, clock: ManualClock, ms: number, stepMs = 5_000): Promise<void> {
  const feed = feedOf(app);
  for (let played = 0; played < ms; played += stepMs) {
    clock.advance(Math.min(stepMs, ms - played));
    await feed.tick();
  }
}

/** Polls until `check` passes (sockets deliver asynchronously). */
export async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

type FrameOf<Stream extends LiveStream> = Stream extends 'goal' ? GoalFrame : Stream extends MatchStream ? MatchFrame : ExponentFrame;

/** The shared client over `ws`, collecting what it delivers. */
export class LiveTestClient {
  readonly frames: LiveDataFrame[] = [];
  readonly client: LiveDataClient;

  /** How many times the server said the watched match's deltas were gone (the page would fetch again). */
  resyncs = 0;

  constructor(url: string, options: { companyId?: number; modeFlag?: number; backoffMs?: number; watchMatchId?: number | null } = {}) {
    this.client = createLiveDataClient({
      watchMatchId: options.watchMatchId ?? null,
      onResync: () => {
        this.resyncs += 1;
      },
      url,
      companyId: options.companyId ?? 3,
      modeFlag: options.modeFlag ?? 1,
      WebSocket: WebSocket as unknown as Parameters<typeof createLiveDataClient>[0]['WebSocket'],
      backoff: { initialMs: options.backoffMs ?? 50, maxMs: 400 },
      onMessage: (frame) => this.frames.push(frame),
    });
  }

  of<Stream extends LiveStream>(type: Stream): FrameOf<Stream>[] {
    return this.frames.filter((frame) => frame.type === type) as FrameOf<Stream>[];
  }

  goalSeqs(): number[] {
    return this.of('goal').map((frame) => frame.seq);
  }

  close(): void {
    this.client.close();
  }
}

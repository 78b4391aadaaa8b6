/**
 * What the video bench scenarios share (run.ts, twoNodes.ts, edgeParts.ts): the bench room, the
 * system Chromium, a server's CPU over a window (its /proc time), and the FLV viewer fleet in its
 * own process (viewerFleet.ts).
 */
import { execFile } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from 'playwright-core';
import type { ServerProcess } from '@sports/server/bench';
import { processCpuMs } from '../common/cpu';
import type { FleetResult } from './viewerFleet';

const HERE = path.dirname(fileURLToPath(import.meta.url));

export const sleep = (msToWait: number) => new Promise((resolve) => setTimeout(resolve, msToWait));

/** A room of a bench anchor (the mobile and invite code are unique per database). */
export async function createRoom(server: ServerProcess): Promise<{ id: number; keyVersion: number }> {
  const db = server.database.handle.db;
  const user = await db
    .insertInto('app_user')
    .values({ mobile: '86-13700009999', user_nickname: '延迟压测主播', avatar: '', is_anchor: 1, invite_code: 'VBENCH01' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const room = await db.insertInto('live_room').values({ owner_id: user.id, title: '延迟压测' }).returning(['id', 'stream_key_version']).executeTakeFirstOrThrow();
  return { id: room.id, keyVersion: room.stream_key_version };
}

/** The system Chromium the e2e tests use (CHROMIUM_PATH to choose another), allowed to autoplay. */
export function launchBenchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--autoplay-policy=no-user-gesture-required'],
  });
}

/** The server's CPU (ms) over `seconds` (or until `during` settles), and the wall time it took. */
export async function serverCpuOver(server: ServerProcess, seconds: number, during: Promise<unknown> = sleep(seconds * 1000)): Promise<{ cpuMs: number; seconds: number }> {
  const cpuBefore = processCpuMs(server.pid);
  const startedAt = Date.now();
  await during;
  return { cpuMs: processCpuMs(server.pid) - cpuBefore, seconds: (Date.now() - startedAt) / 1000 };
}

/** `viewers` FLV readers of `url` for `seconds`, in their own process. */
export function runFleet(url: string, viewers: number, seconds: number, t0: number, warmupMs: number): Promise<FleetResult> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--import', 'tsx', path.join(HERE, 'viewerFleet.ts'), url, String(viewers), String(seconds), String(t0), String(warmupMs)], { maxBuffer: 64 << 20 }, (error, stdout) => {
      if (error) return reject(error);
      resolve(JSON.parse(stdout) as FleetResult);
    });
  });
}

/** Whether the FLV answers 200 now (the stream plays). */
export function flvLive(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false }, (response) => {
      request.destroy();
      resolve(response.statusCode === 200);
    });
    request.on('error', () => resolve(false));
  });
}

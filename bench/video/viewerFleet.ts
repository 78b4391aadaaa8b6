/**
 * The load generator of `pnpm bench:video`, in its own process (its CPU is not the server's):
 * N HTTP-FLV viewers of one stream, each reading every tag as it arrives, and how far behind
 * each falls: lag = arrival − made time (t0 + ts, see stampedEncoder.ts) of every video frame.
 * The server lets 20 players per address (a NAT): viewers spread over 127.0.0.2… (all loopback
 * on Linux). Args: <flv url> <viewers> <seconds> <t0 ms> <warm-up ms>. Prints one JSON line.
 */
import http from 'node:http';
import { FlvTagReader } from './flvTagReader';

const [url, viewersArg, secondsArg, t0Arg, warmupArg] = process.argv.slice(2);
const VIEWERS = Number(viewersArg);
const SECONDS = Number(secondsArg);
const T0 = Number(t0Arg);
const WARMUP_MS = Number(warmupArg);
const VIEWERS_PER_ADDRESS = 10;
const VIDEO = 9;

export interface FleetViewerResult {
  /** The largest lag after the warm-up (ms); -1: no frame came. */
  maxLagMs: number;
  frames: number;
  bytes: number;
  status: number;
  ended: boolean;
}

export interface FleetResult {
  viewers: FleetViewerResult[];
  /** Every viewer's lag samples after the warm-up, pooled (ms). */
  lagsMs: number[];
  cpuMs: number;
  seconds: number;
}

function watch(index: number, startedAt: number): Promise<FleetViewerResult> {
  return new Promise((resolve) => {
    const result: FleetViewerResult = { maxLagMs: -1, frames: 0, bytes: 0, status: 0, ended: false };
    const reader = new FlvTagReader((tag) => {
      if (tag.type !== VIDEO) return;
      const now = Date.now();
      result.frames += 1;
      if (now - startedAt < WARMUP_MS) return;
      const lag = now - (T0 + tag.ts);
      lags.push(lag);
      if (lag > result.maxLagMs) result.maxLagMs = lag;
    });
    const request = http.get(url as string, { agent: false, localAddress: `127.0.0.${2 + Math.floor(index / VIEWERS_PER_ADDRESS)}` }, (response) => {
      result.status = response.statusCode ?? 0;
      response.on('data', (chunk: Buffer) => {
        result.bytes += chunk.length;
        reader.push(chunk);
      });
      response.on('end', () => {
        result.ended = true;
      });
    });
    request.on('error', () => {
      result.ended = true;
    });
    setTimeout(() => {
      request.destroy();
      resolve(result);
    }, SECONDS * 1000);
  });
}

const lags: number[] = [];

async function main(): Promise<void> {
  if (!url || !(VIEWERS > 0) || !(SECONDS > 0) || !(T0 > 0) || !(WARMUP_MS >= 0)) throw new Error('usage: viewerFleet <flv url> <viewers> <seconds> <t0 ms> <warm-up ms>');
  const cpuBefore = process.cpuUsage();
  const startedAt = Date.now();
  const viewers = await Promise.all(Array.from({ length: VIEWERS }, (_, index) => watch(index, startedAt)));
  const cpu = process.cpuUsage(cpuBefore);
  const fleet: FleetResult = { viewers, lagsMs: lags, cpuMs: (cpu.user + cpu.system) / 1000, seconds: (Date.now() - startedAt) / 1000 };
  process.stdout.write(`${JSON.stringify(fleet)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

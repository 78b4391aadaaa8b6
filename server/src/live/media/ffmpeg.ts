import { type ChildProcess, spawn } from 'node:child_process';

/** How long ffmpeg gets to finish after its input ends, then after SIGTERM, before SIGKILL. */
const GRACEFUL_MS = 2_000;

const probes = new Map<string, Promise<boolean>>();

/** Whether `ffmpeg -version` runs (asked once per path and process). */
export function ffmpegAvailable(ffmpegPath: string): Promise<boolean> {
  let probe = probes.get(ffmpegPath);
  if (probe === undefined) {
    probe = new Promise<boolean>((resolve) => {
      const child = spawn(ffmpegPath, ['-hide_banner', '-version'], { stdio: 'ignore' });
      child.once('error', () => resolve(false));
      child.once('exit', (code) => resolve(code === 0));
    });
    probes.set(ffmpegPath, probe);
  }
  return probe;
}

/**
 * Stops an ffmpeg child: ends its stdin (it writes what it has and exits), then SIGTERM, then
 * SIGKILL. Children are spawned in the server's process group, so Ctrl-C reaches them too.
 */
export async function stopFfmpeg(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  if (child.stdin !== null) {
    child.stdin.end();
    if (await settlesWithin(exited, GRACEFUL_MS)) return;
  }
  child.kill('SIGTERM');
  if (await settlesWithin(exited, GRACEFUL_MS)) return;
  child.kill('SIGKILL');
  await exited;
}

function settlesWithin(promise: Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  return Promise.race([promise.then(() => true), timeout]).finally(() => clearTimeout(timer));
}

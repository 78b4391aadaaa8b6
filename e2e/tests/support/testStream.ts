import { type ChildProcess, spawn } from 'node:child_process';

/**
 * A real encoder pushing to our ingest, as an anchor's OBS would: ffmpeg's test pattern and a
 * tone (TOOLCHAIN.md "Media"), H.264 + AAC over RTMP, in real time.
 */
export interface TestStream {
  /** Everything ffmpeg printed (for a failure message). */
  output(): string;
  /** Stops the push (SIGINT: ffmpeg closes the RTMP session cleanly) and waits for the exit. */
  stop(): Promise<void>;
}

export function pushTestStream(rtmpUrl: string): TestStream {
  const child: ChildProcess = spawn(
    'ffmpeg',
    [
      '-hide_banner', '-loglevel', 'warning', '-re',
      '-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=25',
      '-f', 'lavfi', '-i', 'sine=frequency=440',
      '-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-g', '50',
      '-c:a', 'aac', '-f', 'flv', rtmpUrl,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let printed = '';
  child.stderr?.on('data', (chunk: Buffer) => (printed = (printed + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    output: () => printed,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

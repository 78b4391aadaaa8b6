import { type ChildProcess, spawn } from 'node:child_process';

/** A real encoder pushing to our ingest, as an anchor's OBS would. */
export interface TestStream {
  /** What the encoder printed (its last 4000 characters, for a failure message). */
  output(): string;
  /** Stops the push (SIGINT: the encoder closes the RTMP session cleanly) and waits for the exit. */
  stop(): Promise<void>;
}

/** ffmpeg's test pattern and a tone (TOOLCHAIN.md "Media"), H.264 + AAC over RTMP, in real time. */
export function pushTestStream(rtmpUrl: string): TestStream {
  return startEncoder('ffmpeg', [
    '-hide_banner', '-loglevel', 'warning', '-re',
    '-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=25',
    '-f', 'lavfi', '-i', 'sine=frequency=440',
    '-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-g', '50',
    '-c:a', 'aac', '-f', 'flv', rtmpUrl,
  ]);
}

/**
 * Any encoder command (ffmpeg, gst-launch-1.0…) pushing until stopped; the last 4000 characters of
 * its stderr kept for a failure message. Both ffmpeg and GStreamer close the RTMP session cleanly
 * on SIGINT; one that has not exited 5 s later is killed.
 */
export function startEncoder(command: string, args: string[]): TestStream {
  const child: ChildProcess = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let printed = '';
  child.stderr?.on('data', (chunk: Buffer) => (printed = (printed + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    output: () => printed,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

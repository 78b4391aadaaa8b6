import { type ChildProcess, execFileSync, spawn } from 'node:child_process';

/**
 * Tests only: a second RTMP implementation besides ffmpeg's. GStreamer's rtmp2sink (Debian's
 * gstreamer1.0-plugins-bad) has its own handshake, chunking and metadata, and flvmux writes
 * its own FLV tags: what the ingest accepts must not be shaped by one encoder. `npm test`
 * installs GStreamer (scripts/test.sh); a machine without it skips these cases, saying why.
 */

/** The elements the pushes use: sources, x264 (plugins-ugly), AAC (voaacenc), FLV mux, RTMP sink. */
const GST_ELEMENTS = ['videotestsrc', 'audiotestsrc', 'x264enc', 'h264parse', 'voaacenc', 'aacparse', 'flvmux', 'rtmp2sink'];

/** Whether every element the gst pushes need is installed; when not, prints which and what it skips. */
export function gstInstalledFor(needs: string): boolean {
  const missing = GST_ELEMENTS.filter((element) => {
    try {
      execFileSync('gst-inspect-1.0', ['--exists', element], { stdio: 'ignore' });
      return false;
    } catch {
      return true;
    }
  });
  if (missing.length === 0) return true;
  console.log(`skipped: GStreamer elements missing (${missing.join(', ')}; scripts/test.sh installs gstreamer1.0-tools and -plugins-good/-bad/-ugly), ${needs}`);
  return false;
}

const FRAME_RATE = 25;
const SAMPLE_RATE = 44_100;
const SAMPLES_PER_BUFFER = 1024;

/**
 * Pushes a moving test pattern (x264, 1 s keyframes) over RTMP with rtmp2sink, with or without an
 * AAC tone, for `seconds` (the sources end, flvmux ends the stream, gst-launch exits).
 */
export function pushWithGstreamer(url: string, options: { audio: boolean; seconds?: number }): ChildProcess {
  const seconds = options.seconds ?? 30;
  const video = [
    ...['videotestsrc', 'is-live=true', 'pattern=ball', `num-buffers=${seconds * FRAME_RATE}`],
    ...['!', `video/x-raw,width=320,height=180,framerate=${FRAME_RATE}/1`],
    ...['!', 'x264enc', 'tune=zerolatency', 'speed-preset=ultrafast', `key-int-max=${FRAME_RATE}`, 'bitrate=500'],
    ...['!', 'h264parse', '!', 'mux.'],
  ];
  const audio = [
    ...['audiotestsrc', 'is-live=true', 'freq=440', `samplesperbuffer=${SAMPLES_PER_BUFFER}`, `num-buffers=${Math.ceil((seconds * SAMPLE_RATE) / SAMPLES_PER_BUFFER)}`],
    ...['!', `audio/x-raw,rate=${SAMPLE_RATE},channels=2`, '!', 'audioconvert', '!', 'voaacenc', '!', 'aacparse', '!', 'mux.'],
  ];
  // latency: flvmux (an aggregator of two live sources) waits up to 2 s for the slower one before
  // muxing without it. Its default let a loaded CI machine's late x264enc start the stream with
  // audio alone, so the FLV announced no video (encoderPushes.test.ts, seen once).
  const args = ['-q', 'flvmux', 'name=mux', 'streamable=true', 'latency=2000000000', '!', 'rtmp2sink', `location=${url}`, ...video, ...(options.audio ? audio : [])];
  const child = spawn('gst-launch-1.0', args, { stdio: 'ignore' });
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

const running = new Set<ChildProcess>();

/** Kills every gst-launch the tests started (afterAll). */
export async function killGstPushes(): Promise<void> {
  const children = [...running];
  for (const child of children) child.kill('SIGKILL');
  await Promise.all(children.map((child) => (child.exitCode !== null || child.signalCode !== null ? undefined : new Promise((resolve) => child.once('exit', resolve)))));
}

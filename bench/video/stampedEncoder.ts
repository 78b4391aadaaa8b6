import { type ChildProcess, spawn } from 'node:child_process';

/**
 * The encoder of the benchmark: an ffmpeg test pattern, 25 fps, 1 s GOP, x264 zerolatency at a
 * constant 2 Mbit/s, pushed over RTMP. Each frame's timestamp IS the wall time it was made:
 * `setpts=(RTCTIME − t0)/1000` in a 1/1000 time base stamps every frame, as it leaves the source
 * (paced by -re), with the microsecond wall clock minus the run's `t0`, and `-fps_mode passthrough`
 * keeps those timestamps through x264 and the FLV muxer. So the FLV tag of a frame made at wall
 * time W carries ts = W − t0: anyone who knows t0 reads the made time of every frame out of the
 * stream itself, exact to the ms, no picture decoding or OCR. (Video only: the audio clock could
 * not follow the wall clock's timestamps.)
 */
export function pushStampedStream(rtmpUrl: string, t0Ms: number, seconds: number): ChildProcess {
  const t0Micros = t0Ms * 1000;
  return spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-re'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25'],
      ...['-t', String(seconds), '-vf', `settb=1/1000,setpts=floor((RTCTIME-${t0Micros})/1000)`, '-fps_mode', 'passthrough'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '25', '-bf', '0'],
      ...['-b:v', '2M', '-minrate', '2M', '-maxrate', '2M', '-bufsize', '500k', '-x264-params', 'nal-hrd=cbr:force-cfr=0'],
      ...['-an', '-f', 'flv', rtmpUrl],
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
}

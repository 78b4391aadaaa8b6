import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, ffmpegInstalledFor, killPushes, mediaTestConfig, pushTestStream, waitFor } from '../live/media/testing/mediaTestKit';
import { describeEachDatabase, useTestApp } from '../testing/testApp';

const ffmpegInstalled = ffmpegInstalledFor('the ingest metrics test needs it to push a stream');

/** The value of a series in Prometheus text, or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe.skipIf(!ffmpegInstalled)('/metrics: the embedded ingest with a real ffmpeg push', () => {
  describeEachDatabase('ingest streams and bitrates', (target) => {
    const ctx = useTestApp(target, { app: { media: mediaTestConfig() } });
    let anchor: { token: string; roomId: number };

    beforeAll(async () => {
      const created = await createUser(ctx.db, { anchor: true, room: '指标测试直播' });
      anchor = { token: created.token, roomId: created.roomId as number };
    });
    afterAll(killPushes);

    const metrics = async () => (await ctx.app.inject('/metrics')).body;

    it('counts a publishing stream and the bitrate it arrives at, and drops it when it ends', async () => {
      expect(sample(await metrics(), 'sports_ingest_streams_live')).toBe(0);
      const liveUrl = (await ctx.app.inject({ url: '/api/Live/getLiveUrl', headers: { token: anchor.token } })).json();
      const push = pushTestStream(liveUrl.data.push_url as string, 30);
      const series = `sports_ingest_stream_bitrate_bits_per_second{room="${anchor.roomId}"}`;
      await waitFor(async () => sample(await metrics(), 'sports_ingest_streams_live') === 1, 'the stream to be counted');
      // The test pattern (320x180, x264 ultrafast, AAC) arrives at tens to hundreds of kbit/s.
      const rate = await waitFor(async () => {
        const value = sample(await metrics(), series);
        return value !== undefined && value > 10_000 ? value : null;
      }, 'a bitrate for the room');
      expect(rate).toBeLessThan(20_000_000);
      push.kill('SIGKILL');
      await waitFor(async () => sample(await metrics(), 'sports_ingest_streams_live') === 0, 'the stream to end');
      expect(sample(await metrics(), series)).toBeUndefined();
    });
  });
});

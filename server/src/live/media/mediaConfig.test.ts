import { describe, expect, it } from 'vitest';
import { loadMediaConfig } from './mediaConfig';

function load(env: Record<string, string>) {
  const problems: string[] = [];
  const config = loadMediaConfig((name) => env[name], problems);
  return { config, problems };
}

describe('media configuration', () => {
  it('defaults: embedded RTMP on loopback 1935, 24 h keys, HLS by ffmpeg', () => {
    const { config, problems } = load({});
    expect(problems).toEqual([]);
    expect(config).toMatchObject({ mode: 'embedded', pushKeyTtlHours: 24, external: null, demoStreams: 4 });
    expect(config.embedded).toMatchObject({ rtmpHost: '127.0.0.1', rtmpPort: 1935, ffmpegPath: 'ffmpeg', hlsSegmentSeconds: 1 });
  });

  it('two nodes: the internal address other nodes pull from, and the origin lease (issue 37)', () => {
    expect(load({}).config.embedded).toMatchObject({ internalUrl: null, originLeaseSeconds: 3 });
    const { config, problems } = load({ MEDIA_INTERNAL_URL: 'http://10.0.0.5:8080/', MEDIA_ORIGIN_LEASE_SECONDS: '10' });
    expect(problems).toEqual([]);
    expect(config.embedded).toMatchObject({ internalUrl: 'http://10.0.0.5:8080', originLeaseSeconds: 10 });
    expect(load({ MEDIA_INTERNAL_URL: '10.0.0.5:8080' }).problems).toEqual(['MEDIA_INTERNAL_URL must look like http://host:port (the address other nodes reach this one at), got "10.0.0.5:8080"']);
    expect(load({ MEDIA_INTERNAL_URL: 'http://10.0.0.5:8080/live' }).problems).toHaveLength(1);
    expect(load({ MEDIA_INTERNAL_URL: 'http://user@10.0.0.5' }).problems).toHaveLength(1);
    expect(load({ MEDIA_ORIGIN_LEASE_SECONDS: '1' }).problems).toHaveLength(1);
  });

  it('external mode needs the templates and a hook secret', () => {
    expect(load({ MEDIA_MODE: 'external' }).problems).toEqual([
      'MEDIA_PUSH_URL_TEMPLATE is required with MEDIA_MODE=external',
      'MEDIA_HOOK_SECRET (at least 16 characters) is required with MEDIA_MODE=external',
      'MEDIA_FLV_URL_TEMPLATE is required with MEDIA_MODE=external',
    ]);
    const { config, problems } = load({
      MEDIA_MODE: 'external',
      MEDIA_PUSH_URL_TEMPLATE: 'rtmp://push.example.com/live/{stream}?sign={sign}',
      MEDIA_FLV_URL_TEMPLATE: 'https://cdn.example.com/live/{stream}.flv',
      MEDIA_HOOK_SECRET: 'hook-secret-0123456789',
    });
    expect(problems).toEqual([]);
    expect(config.external).toMatchObject({ hlsUrlTemplate: null, hookSecret: 'hook-secret-0123456789' });
  });

  it('RTMP limits: defaults, overrides, and every bad value listed', () => {
    expect(load({}).config.embedded.rtmpLimits).toEqual({
      maxConnections: 200,
      maxPerAddress: 10,
      publishDeadlineMs: 10_000,
      unadmitted: { maxMessageBytes: 65_536, maxChunkStreams: 8 },
      admitted: { maxMessageBytes: 8_388_608, maxChunkStreams: 32 },
    });
    const { config, problems } = load({
      MEDIA_RTMP_MAX_CONNECTIONS: '50',
      MEDIA_RTMP_MAX_PER_ADDRESS: '3',
      MEDIA_RTMP_PUBLISH_DEADLINE_MS: '5000',
      MEDIA_RTMP_UNADMITTED_MAX_MESSAGE_BYTES: '32768',
      MEDIA_RTMP_UNADMITTED_MAX_CHUNK_STREAMS: '6',
      MEDIA_RTMP_MAX_MESSAGE_BYTES: '4194304',
      MEDIA_RTMP_MAX_CHUNK_STREAMS: '16',
    });
    expect(problems).toEqual([]);
    expect(config.embedded.rtmpLimits).toEqual({
      maxConnections: 50,
      maxPerAddress: 3,
      publishDeadlineMs: 5_000,
      unadmitted: { maxMessageBytes: 32_768, maxChunkStreams: 6 },
      admitted: { maxMessageBytes: 4_194_304, maxChunkStreams: 16 },
    });
    const bad = load({ MEDIA_RTMP_MAX_PER_ADDRESS: '0', MEDIA_RTMP_PUBLISH_DEADLINE_MS: 'soon', MEDIA_RTMP_MAX_MESSAGE_BYTES: '20000000' }).problems;
    expect(bad).toHaveLength(3);
    expect(bad.join('\n')).toMatch(/MEDIA_RTMP_MAX_PER_ADDRESS[\s\S]*MEDIA_RTMP_PUBLISH_DEADLINE_MS[\s\S]*MEDIA_RTMP_MAX_MESSAGE_BYTES/);
    expect(load({ MEDIA_RTMP_UNADMITTED_MAX_MESSAGE_BYTES: '200000', MEDIA_RTMP_MAX_MESSAGE_BYTES: '100000' }).problems).toEqual([
      'MEDIA_RTMP_UNADMITTED_MAX_MESSAGE_BYTES must not be above MEDIA_RTMP_MAX_MESSAGE_BYTES',
    ]);
  });

  it('DEMO_STREAMS: four demo rooms broadcast by default, 0 turns them off, at most the eight seeded rooms', () => {
    expect(load({ DEMO_STREAMS: '0' }).config.demoStreams).toBe(0);
    expect(load({ DEMO_STREAMS: '2' }).config.demoStreams).toBe(2);
    expect(load({ DEMO_STREAMS: '9' }).problems).toEqual([expect.stringMatching(/DEMO_STREAMS/)]);
    expect(load({ DEMO_STREAMS: 'yes' }).problems).toEqual([expect.stringMatching(/DEMO_STREAMS/)]);
  });

  it('lists every bad value', () => {
    expect(load({ MEDIA_MODE: 'srs', MEDIA_RTMP_PORT: '70000', MEDIA_PUSH_KEY_TTL_HOURS: '0', MEDIA_SIGNING_SECRET: 'short', MEDIA_RTMP_PUBLIC_URL: 'http://x' }).problems).toHaveLength(5);
  });
});

describe('media archive configuration', () => {
  it('defaults: 2 h of DVR, replays kept 30 days, a 20 GiB quota under DATA_DIR/media', () => {
    const { config, problems } = load({});
    expect(problems).toEqual([]);
    expect(config.archive).toEqual({ dvrWindowMinutes: 120, replayRetentionDays: 30, quotaBytes: 20 * 1024 ** 3, storageDir: null, sweepSeconds: 60 });
  });

  it('reads sizes with units, off and 0', () => {
    expect(load({ MEDIA_QUOTA_BYTES: '50G' }).config.archive.quotaBytes).toBe(50 * 1024 ** 3);
    expect(load({ MEDIA_QUOTA_BYTES: '512m' }).config.archive.quotaBytes).toBe(512 * 1024 ** 2);
    expect(load({ MEDIA_QUOTA_BYTES: '0' }).config.archive.quotaBytes).toBe(0);
    expect(load({ MEDIA_QUOTA_BYTES: 'off' }).config.archive.quotaBytes).toBeNull();
    expect(load({ DVR_WINDOW_MINUTES: '30', REPLAY_RETENTION_DAYS: '7', MEDIA_STORAGE_DIR: '/srv/media' }).config.archive).toMatchObject({ dvrWindowMinutes: 30, replayRetentionDays: 7, storageDir: '/srv/media' });
  });

  it('names every bad archive variable at once', () => {
    expect(load({ DVR_WINDOW_MINUTES: '0', REPLAY_RETENTION_DAYS: 'month', MEDIA_QUOTA_BYTES: '10 GB' }).problems).toEqual([
      'DVR_WINDOW_MINUTES must be a whole number from 1 to 1440, got "0"',
      'REPLAY_RETENTION_DAYS must be a whole number from 1 to 3650, got "month"',
      'MEDIA_QUOTA_BYTES must be a whole number of bytes, optionally with K, M, G or T (e.g. 50G), or off, got "10 GB"',
    ]);
  });
});

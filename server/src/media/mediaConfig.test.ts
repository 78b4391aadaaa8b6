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
    expect(config).toMatchObject({ mode: 'embedded', pushKeyTtlHours: 24, external: null, demoStreams: 0 });
    expect(config.embedded).toMatchObject({ rtmpHost: '127.0.0.1', rtmpPort: 1935, ffmpegPath: 'ffmpeg', hlsSegmentSeconds: 2 });
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

  it('lists every bad value', () => {
    expect(load({ MEDIA_MODE: 'srs', MEDIA_RTMP_PORT: '70000', MEDIA_PUSH_KEY_TTL_HOURS: '0', MEDIA_SIGNING_SECRET: 'short', MEDIA_RTMP_PUBLIC_URL: 'http://x' }).problems).toHaveLength(5);
  });
});

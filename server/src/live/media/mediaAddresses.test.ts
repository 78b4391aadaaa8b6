import { describe, expect, it } from 'vitest';
import { embeddedPushAddress, embeddedRtmpServer, templatePushAddress } from './mediaAddresses';

describe('push addresses', () => {
  it('embedded: OBS server + key, and the whole URL', () => {
    expect(embeddedPushAddress('rtmp://127.0.0.1:1935/live', 'room3', '1-ab')).toEqual({
      push_server: 'rtmp://127.0.0.1:1935/live',
      stream_key: 'room3?sign=1-ab',
      push_url: 'rtmp://127.0.0.1:1935/live/room3?sign=1-ab',
    });
  });

  it('embedded server: the public URL, else the bind address, else (wildcard) the site host', () => {
    expect(embeddedRtmpServer('rtmp://live.example.com/live', '127.0.0.1', 1935, 'site')).toBe('rtmp://live.example.com/live');
    expect(embeddedRtmpServer(null, '127.0.0.1', 19350, 'site')).toBe('rtmp://127.0.0.1:19350/live');
    expect(embeddedRtmpServer(null, '0.0.0.0', 1935, 'sports.example.com')).toBe('rtmp://sports.example.com:1935/live');
  });

  it('template: the last path segment is the key', () => {
    expect(templatePushAddress('rtmp://push.example.com/live/{stream}?txSecret={sign}', 'room9', '5-cd')).toEqual({
      push_server: 'rtmp://push.example.com/live',
      stream_key: 'room9?txSecret=5-cd',
      push_url: 'rtmp://push.example.com/live/room9?txSecret=5-cd',
    });
  });
});

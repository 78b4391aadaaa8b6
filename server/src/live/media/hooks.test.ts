import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, useTestApp } from '../../testing/testApp';
import { defaultMediaConfig, type MediaConfig } from './mediaConfig';
import { createUser } from './testing/mediaTestKit';

const HOOK_SECRET = 'srs-hook-secret-0123456789';

function externalConfig(): MediaConfig {
  return {
    ...defaultMediaConfig(),
    mode: 'external',
    signingSecret: 'media-signing-secret-for-tests',
    external: {
      pushUrlTemplate: 'rtmp://push.example.com/live/{stream}?sign={sign}',
      flvUrlTemplate: 'https://cdn.example.com/live/{stream}.flv?auth={sign}',
      hlsUrlTemplate: 'https://cdn.example.com/live/{stream}.m3u8',
      hookSecret: HOOK_SECRET,
    },
  };
}

describeEachDatabase('MEDIA_MODE=external: templates and SRS callbacks', (target) => {
  const ctx = useTestApp(target, { app: { media: externalConfig() } });
  let anchor: { token: string; roomId: number; userId: number };

  beforeAll(async () => {
    const created = await createUser(ctx.db, { anchor: true, room: '外部推流' });
    anchor = { token: created.token, roomId: created.roomId as number, userId: created.userId };
  });

  const liveUrl = async () => (await ctx.app.inject({ url: '/api/Live/getLiveUrl', headers: { token: anchor.token } })).json().data;
  const hook = (action: 'on_publish' | 'on_unpublish', body: Record<string, unknown>, secret = HOOK_SECRET) =>
    ctx.app.inject({ method: 'POST', url: `/api/media/hooks/${action}?secret=${secret}`, payload: { action, app: 'live', client_id: 'c1', ip: '10.0.0.9', vhost: '__defaultVhost__', ...body } });
  const room = () => ctx.db.selectFrom('live_room').selectAll().where('id', '=', anchor.roomId).executeTakeFirstOrThrow();

  it('hands out addresses and playback URLs from the templates', async () => {
    const data = await liveUrl();
    expect(data.push_server).toBe('rtmp://push.example.com/live');
    expect(data.stream_key).toMatch(new RegExp(`^room${anchor.roomId}\\?sign=[0-9]+-[0-9a-f]{64}$`));
    expect(data.flv).toMatch(new RegExp(`^https://cdn\\.example\\.com/live/room${anchor.roomId}\\.flv\\?auth=[0-9]+-[0-9a-f]{64}$`));
    expect(data.hls).toBe(`https://cdn.example.com/live/room${anchor.roomId}.m3u8`);
  });

  it('refuses callbacks without the shared secret, and pushes that are not signed right', async () => {
    const { stream_key } = await liveUrl();
    const param = `?${stream_key.split('?')[1]}`;
    expect((await hook('on_publish', { stream: `room${anchor.roomId}`, param }, 'wrong-secret-0123456789')).statusCode).toBe(403);
    expect((await hook('on_publish', { stream: `room${anchor.roomId}`, param: '' })).json().code).not.toBe(0);
    expect((await hook('on_publish', { stream: `room${anchor.roomId}`, param: param.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a')) })).json().code).not.toBe(0);
    expect((await hook('on_publish', { stream: 'room999999', param })).json().code).not.toBe(0);
    expect((await room()).stream_status).toBe('offline');
  });

  it('on_publish with a signed key: live and a broadcast; on_unpublish: offline, ended', async () => {
    const { stream_key } = await liveUrl();
    const events: string[] = [];
    ctx.app.streamEvents.on('live', () => events.push('live'));
    ctx.app.streamEvents.on('offline', () => events.push('offline'));
    const allowed = await hook('on_publish', { stream: `room${anchor.roomId}`, param: `?${stream_key.split('?')[1]}` });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json()).toEqual({ code: 0 });
    expect((await room()).stream_status).toBe('live');
    expect((await hook('on_unpublish', { stream: `room${anchor.roomId}` })).json()).toEqual({ code: 0 });
    expect((await room()).stream_status).toBe('offline');
    const [record] = await ctx.db.selectFrom('broadcast').selectAll().where('room_id', '=', anchor.roomId).execute();
    expect(record).toMatchObject({ anchor_id: anchor.userId, title: '外部推流', duration_seconds: 0 });
    expect(record?.ended_at).toBeInstanceOf(Date);
    expect(events).toEqual(['live', 'offline']);
  });
});

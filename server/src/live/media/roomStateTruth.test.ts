import type { ChildProcess } from 'node:child_process';
import type { ChatServerFrame, LiveRoomInfo, RoomStreamState } from '@sports/shared/server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { defaultAccountsConfig } from '../../accounts/accountsConfig';
import { type ChatTestClient, useChatSockets } from '../../chat/testing/chatTestKit';
import { describeEachDatabase, useTestApp } from '../../testing/testApp';
import { createUser, ffmpegInstalledFor, exitOf, killPushes, mediaTestConfig, pushTestStream, waitFor } from './testing/mediaTestKit';

/**
 * Issue 33, "room state is the truth, within 5 s": a real ffmpeg push into the embedded ingest;
 * the encoder stops, crashes or goes silent → the room reads offline in the API and its chat
 * sockets hear the state within 5 s; the push comes back → live within 5 s, in the same broadcast
 * record while within the reconnect grace (docs/flows/room-state.md).
 */
const ffmpegInstalled = ffmpegInstalledFor('the room state tests push a real stream');
/** Longer than a stop-and-push-again takes here (ffmpeg starts in about a second). */
const GRACE_SECONDS = 8;
const WITHIN_MS = 5_000;

describeEachDatabase('room state follows the push within 5 s', (target) => {
  if (!ffmpegInstalled) return;
  const accountsConfig = defaultAccountsConfig();
  accountsConfig.chatSigningSecret = 'room-state-test-secret-long-enough-for-hmac';
  const media = mediaTestConfig();
  media.embedded = { ...media.embedded, reconnectGraceSeconds: GRACE_SECONDS };
  const ctx = useTestApp(target, { app: { accountsConfig, media } });
  const { connect } = useChatSockets(ctx);
  let anchor: { token: string; roomId: number; userId: number };
  let pushUrl: string;
  let viewer: ChatTestClient;
  const timings: string[] = [];

  beforeAll(async () => {
    const created = await createUser(ctx.db, { anchor: true, room: '状态真相测试' });
    anchor = { token: created.token, roomId: created.roomId as number, userId: created.userId };
    await ctx.db.updateTable('live_room').set({ is_open: true }).where('id', '=', anchor.roomId).execute();
    pushUrl = (await ctx.app.inject({ url: '/api/Live/getLiveUrl', headers: { token: anchor.token } })).json().data.push_url as string;
    viewer = await connect();
    const account = (await ctx.app.inject('/api/Universal/imTouristAccount')).json().data as { id: string; sig: string };
    expect((await viewer.login(account.id, account.sig)).ok).toBe(true);
    expect((await viewer.join(String(anchor.userId))).status).not.toBe('wait-approval');
  });
  afterAll(async () => {
    await killPushes();
    console.info(`room state timings: ${timings.join('; ')}`);
  });

  const info = async (): Promise<LiveRoomInfo> => (await ctx.app.inject({ url: `/api/Live_streaming/getRoomInfo?room_id=${anchor.roomId}` })).json().data as LiveRoomInfo;
  const broadcasts = () => ctx.db.selectFrom('broadcast').selectAll().where('room_id', '=', anchor.roomId).orderBy('id').execute();
  const inLiveList = async () => {
    const page = (await ctx.app.inject('/api/Live_streaming/getLiveList?page=1&size=50')).json().data as { list: { room_id: number; is_live: number }[] };
    return page.list.find((room) => room.room_id === anchor.roomId)?.is_live === 1;
  };
  const stateFrame = (state: RoomStreamState, from: number) =>
    viewer.waitFor(
      (frame: ChatServerFrame) => frame.type === 'message' && frame.message.cloudCustomData.roomState?.roomId === anchor.roomId && frame.message.cloudCustomData.roomState.state === state,
      WITHIN_MS,
      from,
    );

  /** Waits until the API and a chat socket both say `state`; answers the ms it took from `since`. */
  async function reaches(state: RoomStreamState, since: number, from: number): Promise<number> {
    await waitFor(async () => (await info()).room_state === state, `room_state ${state}`, WITHIN_MS);
    await stateFrame(state, from);
    const took = Date.now() - since;
    const now = await info();
    expect(now.is_live).toBe(state === 'live' ? 1 : 0);
    expect(await inLiveList()).toBe(state === 'live');
    expect(took).toBeLessThanOrEqual(WITHIN_MS);
    return took;
  }

  async function push(): Promise<{ encoder: ChildProcess; took: number }> {
    const from = viewer.frames.length;
    const since = Date.now();
    const encoder = pushTestStream(pushUrl, 120);
    const took = await reaches('live', since, from);
    return { encoder, took };
  }

  it('the encoder stops (OBS 停止推流): offline now; the push comes back within the grace: live again, one broadcast record', async () => {
    // Opened by the anchor (主播开播了), no push yet: not 未开播 but 主播暂时离开.
    expect((await info()).room_state).toBe('paused');
    const first = await push();
    timings.push(`first push live after ${first.took} ms`);
    // Let a keyframe or two through, as a viewer would have seen.
    await new Promise((resolve) => setTimeout(resolve, 1_500));

    let from = viewer.frames.length;
    let since = Date.now();
    first.encoder.kill('SIGINT');
    await exitOf(first.encoder);
    const offlineTook = await reaches('paused', since, from);
    timings.push(`stopped → paused after ${offlineTook} ms`);
    expect((await ctx.app.inject(`/live/room${anchor.roomId}.flv`)).statusCode).toBe(404);
    // The grace keeps the record open only.
    expect(await broadcasts()).toMatchObject([{ ended_at: null }]);

    const again = await push();
    timings.push(`pushed again → live after ${again.took} ms`);
    expect(await broadcasts()).toMatchObject([{ ended_at: null }]);

    from = viewer.frames.length;
    since = Date.now();
    again.encoder.kill('SIGKILL'); // the encoder crashes
    await exitOf(again.encoder);
    timings.push(`crashed → paused after ${await reaches('paused', since, from)} ms`);
    // After the grace the one record closes; the room stays paused (the anchor did not end it).
    const [record, ...more] = await waitFor(async () => {
      const rows = await broadcasts();
      return rows.every((row) => row.ended_at !== null) ? rows : null;
    }, 'the broadcast record closed after the grace', (GRACE_SECONDS + 5) * 1_000);
    expect(more).toEqual([]);
    expect(record?.duration_seconds).toBeGreaterThanOrEqual(2);
    expect((await info()).room_state).toBe('paused');
  }, 60_000);

  it('a network that goes silent without closing: offline within 5 s', async () => {
    const { encoder } = await push();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const from = viewer.frames.length;
    const since = Date.now();
    encoder.kill('SIGSTOP'); // the connection stays open, nothing more arrives
    try {
      timings.push(`silent → paused after ${await reaches('paused', since, from)} ms`);
    } finally {
      encoder.kill('SIGKILL');
      encoder.kill('SIGCONT');
      await exitOf(encoder);
    }
  }, 60_000);

  it('the anchor ends the room with no push on air: 直播已结束 (ended) in the API and on the chat socket', async () => {
    const from = viewer.frames.length;
    const since = Date.now();
    const answer = await ctx.app.inject({ url: `/api/Live/endRoom?room_id=${anchor.roomId}`, headers: { token: anchor.token, 'x-requested-with': 'XMLHttpRequest' } });
    expect(answer.json().code).toBe(200);
    timings.push(`ended → ended after ${await reaches('ended', since, from)} ms`);
  }, 30_000);
});

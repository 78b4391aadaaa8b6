import { expect, it } from 'vitest';
import { errors } from '../infra/http/errorCatalogue';
import { DEFAULT_HALT_POLICY } from '../rollouts/releaseHealth';
import { TEST_OPS_TOKEN, scratchReleases } from '../rollouts/testing/releaseFixtures';
import { describeEachDatabase, useTestApp } from '../testing/testApp';
import { createRoom, createUser, memberChatSignature, useChatSockets } from './testing/chatTestKit';

const OPS = { 'x-ops-token': TEST_OPS_TOKEN, 'x-requested-with': 'XMLHttpRequest' };

describeEachDatabase('chat: the sensitive-word filter and reports of chat lines', (target) => {
  const ctx = useTestApp(target, { app: { releases: scratchReleases(DEFAULT_HALT_POLICY) } });
  const { connect } = useChatSockets(ctx);

  const inRoom = async (groupId: string, nickname: string) => {
    const id = await createUser(ctx.db, nickname);
    const signature = await memberChatSignature(ctx, id);
    const client = await connect();
    expect((await client.login(signature.id, signature.userSig)).type).toBe('login-result');
    await client.join(groupId);
    return { id, token: signature.token, client };
  };

  it('masks listed words in lines and danmaku, and a word ops add applies to the next line at once', async () => {
    const room = await createRoom(ctx.db, '主播甲');
    const viewer = await inRoom(room.groupId, '观众甲');
    const line = await viewer.client.say(room.groupId, '快 加微信 领福利');
    expect(line).toMatchObject({ type: 'ack', message: { text: '快 *** 领福利' } });
    expect(await viewer.client.say(room.groupId, 'ＦＵＣＫ', 'danmaku')).toMatchObject({ type: 'ack', message: { text: '****', kind: 'danmaku' } });
    expect(await viewer.client.say(room.groupId, '球托来了')).toMatchObject({ type: 'ack', message: { text: '球托来了' } });
    // Another member (each member may send 3 lines in 2 s).
    const other = await inRoom(room.groupId, '观众乙');
    const added = await ctx.app.inject({ method: 'POST', url: '/api/ops/moderation/words', headers: OPS, payload: { add: ['球托'] } });
    expect(added.json()).toMatchObject({ code: 200 });
    expect(await other.client.say(room.groupId, '球托来了')).toMatchObject({ type: 'ack', message: { text: '**来了' } });
    viewer.client.close();
    other.client.close();
  });

  it('a member reports a line by its message id; ops see its text and room, and mute its author there', async () => {
    const room = await createRoom(ctx.db, '主播乙');
    const speaker = await inRoom(room.groupId, '发言者');
    const reporter = await inRoom(room.groupId, '举报者');
    const ack = await speaker.client.say(room.groupId, '<img src=x onerror=alert(1)> 刷屏');
    if (ack.type !== 'ack') throw new Error('not sent');
    const report = (token: string, targetId: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/moderation/report', headers: { token, 'x-requested-with': 'XMLHttpRequest' }, payload: { kind: 'chat', target_id: targetId, reason: 'spam' } }).then((r) => r.json());
    expect(await report(speaker.token, ack.message.id)).toMatchObject({ code: 1, reason: errors.MODERATION_SELF_REPORT.reason });
    expect(await report(reporter.token, 'unknown-line-1')).toMatchObject({ code: 1, reason: errors.MODERATION_TARGET_NOT_FOUND.reason });
    const filed = await report(reporter.token, ack.message.id);
    expect(filed).toMatchObject({ code: 200 });
    const queue = (await ctx.app.inject({ url: '/api/ops/moderation/reports?kind=chat', headers: OPS })).json();
    expect(queue.data.list.find((group: { target_id: string }) => group.target_id === ack.message.id)).toMatchObject({
      count: 1,
      target: { author_id: speaker.id, author_nickname: '发言者', excerpt: '<img src=x onerror=alert(1)> 刷屏' },
    });
    const hide = await ctx.app.inject({ method: 'POST', url: `/api/ops/moderation/reports/${filed.data.id}/hide`, headers: OPS, payload: {} });
    expect(hide.json()).toMatchObject({ code: 1, reason: errors.MODERATION_ACTION_UNSUPPORTED.reason });
    const mute = await ctx.app.inject({ method: 'POST', url: `/api/ops/moderation/reports/${filed.data.id}/mute`, headers: OPS, payload: { minutes: 30 } });
    expect(mute.json()).toMatchObject({ code: 200, data: { action: 'mute', resolved_reports: 1 } });
    const refused = await speaker.client.say(room.groupId, '还想说话');
    expect(refused, JSON.stringify(refused)).toMatchObject({ type: 'refused', refusal: { code: 'muted' } });
    speaker.client.close();
    reporter.client.close();
  });
});

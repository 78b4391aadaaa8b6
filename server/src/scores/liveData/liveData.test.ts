import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { embeddedTarget } from '../../testing/dbTargets';
import { useTestApp } from '../../testing/testApp';
import { SocketCloseCode as CloseCode } from '@sports/shared/server';
import { MAX_FRAME_BYTES, frameMessages } from './liveDataProtocol';
import { TestSocket } from '../../testing/testSocket';

const SILENT_TIMEOUT_MS = 400;

/** The live-data socket over a real port; the socket itself does not touch the database. */
describe('/ws/live-data', () => {
  const ctx = useTestApp(embeddedTarget(), { seed: false, app: { liveData: { idleTimeoutMs: SILENT_TIMEOUT_MS, maxBadFrames: 3 } } });
  let url: string;
  const open = () => TestSocket.open(url);

  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}/ws/live-data`;
  });

  it('answers a plain HTTP GET with 426 and an envelope', async () => {
    const response = await ctx.app.inject('/ws/live-data');
    expect(response.statusCode).toBe(426);
    expect(response.json()).toMatchObject({ code: 1, data: null });
  });

  it('registers, answers heartbeats and acknowledges toggle and classify', async () => {
    const client = await open();
    client.send({ type: 'register', info: 'web' });
    expect(await client.next()).toEqual({ type: 'registered' });
    client.send({ type: 'heartbeat' });
    expect(await client.next()).toEqual({ type: 'heartbeat' });
    client.send({ type: 'toggle', company_id: 3 });
    expect(await client.next()).toEqual({ type: 'toggled', company_id: 3 });
    client.send({ type: 'classify', classify_type: 1 });
    expect(await client.next()).toEqual({ type: 'classified', classify_type: 1 });
    const state = [...ctx.app.liveDataHub.clients.values()].find((candidate) => candidate.companyId === 3);
    expect(state).toMatchObject({ registered: true, companyId: 3, classifyType: 1 });
    client.close();
    await client.closed;
  });

  it('answers bad frames with an error frame and keeps the connection', async () => {
    const client = await open();
    client.send('not json');
    expect(await client.next()).toEqual({ type: 'error', msg: frameMessages.notJson });
    client.send({ type: 'heartbeat', pad: 'x'.repeat(MAX_FRAME_BYTES) });
    expect(await client.next()).toEqual({ type: 'error', msg: frameMessages.tooLarge });
    client.send({ type: 'heartbeat' });
    expect(await client.next()).toEqual({ type: 'heartbeat' });
    client.close();
    await client.closed;
  });

  it('closes with 1008 after too many bad frames', async () => {
    const client = await open();
    for (const frame of ['x', { type: 'nope' }, { type: 'classify', classify_type: 9 }]) client.send(frame);
    expect(await client.next()).toEqual({ type: 'error', msg: frameMessages.notJson });
    expect(await client.next()).toEqual({ type: 'error', msg: frameMessages.unknownType });
    expect(await client.next()).toEqual({ type: 'error', msg: frameMessages.badFields });
    expect((await client.closed).code).toBe(CloseCode.PolicyViolation);
  });

  it('closes a silent client after the configured timeout, not an active one', async () => {
    const silent = await open();
    const active = await open();
    const started = Date.now();
    const keepAlive = setInterval(() => active.send({ type: 'heartbeat' }), SILENT_TIMEOUT_MS / 4);
    try {
      const { code } = await silent.closed;
      expect(code).toBe(CloseCode.IdleTimeout);
      expect(Date.now() - started).toBeGreaterThanOrEqual(SILENT_TIMEOUT_MS - 50);
      expect(active.socket.readyState).toBe(active.socket.OPEN);
    } finally {
      clearInterval(keepAlive);
      active.close();
    }
  });
});

import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { embeddedTarget } from '../../testing/dbTargets';
import { useTestApp } from '../../testing/testApp';
import { TestSocket } from '../../testing/testSocket';
import { SocketCloseCode as CloseCode } from '@sports/shared/server';

/** Every line the server logs, parsed. */
const lines: { level: number; msg?: string }[] = [];
const logger = pino(
  { level: 'info' },
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as { level: number; msg?: string });
      done();
    },
  }),
);
const ERROR_LEVEL = 50;

/**
 * A client's mistakes on /ws/live-data are the client's: logged at info or warn, never error.
 * Socket-level ones (oversized, not UTF-8) go through http/webSocketErrors.ts; frames the hub
 * rejects, and floods it closes, through liveDataHub.ts.
 */
describe('/ws/live-data logging of client mistakes', () => {
  const ctx = useTestApp(embeddedTarget(), { seed: false, withHost: false, app: { logger, liveData: { maxBadFrames: 2 } } });
  let url: string;

  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}/ws/live-data`;
  });

  const errorsLogged = () => lines.filter((line) => line.level >= ERROR_LEVEL);

  it('a frame over the socket limit (64 KiB) closes the connection (1009) without an error in the log', async () => {
    const before = lines.length;
    const client = await TestSocket.open(url);
    client.send({ type: 'heartbeat', pad: 'x'.repeat(70 * 1024) });
    expect((await client.closed).code).toBe(1009);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(errorsLogged()).toEqual([]);
    expect(lines.slice(before).some((line) => line.level >= 30 && line.level < ERROR_LEVEL)).toBe(true);
  });

  it('a frame that is not valid UTF-8 closes the connection (1007) without an error in the log', async () => {
    const before = lines.length;
    const client = await TestSocket.open(url);
    client.socket.send(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), { binary: false });
    expect((await client.closed).code).toBe(1007);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(errorsLogged()).toEqual([]);
    expect(lines.slice(before).some((line) => line.level >= 30 && line.level < ERROR_LEVEL)).toBe(true);
  });

  it('bad frames and a flood of control frames are logged at info when the client is closed', async () => {
    const before = lines.length;
    const bad = await TestSocket.open(url);
    bad.send('not json');
    bad.send({ type: 'nope' });
    expect((await bad.closed).code).toBe(CloseCode.PolicyViolation);
    const flood = await TestSocket.open(url);
    for (let index = 0; index < 100; index += 1) flood.send({ type: 'toggle', company_id: index });
    expect((await flood.closed).code).toBe(CloseCode.PolicyViolation);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(errorsLogged()).toEqual([]);
    const logged = lines.slice(before).filter((line) => line.msg?.startsWith('live-data: closing'));
    expect(logged.map((line) => line.level)).toEqual([30, 30]);
  });
});

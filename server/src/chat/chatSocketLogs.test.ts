import { expect, it } from 'vitest';
import { describeEachDatabase, useTestApp } from '../testing/testApp';
import { recordLogs } from './testing/logRecorder';
import { useChatSockets } from './testing/chatTestKit';

/**
 * A client's mistakes on the chat socket (bad frames, a frame far over the bound) are the client's
 * business: logged at info or warn without stacks, so the error level stays for our own faults.
 */
describeEachDatabase('chat socket logging', (target) => {
  const recorder = recordLogs('debug');
  const ctx = useTestApp(target, { app: { logger: recorder.logger } });
  const { connect } = useChatSockets(ctx);

  it('logs bad frames and oversized payloads below error level, without stacks', async () => {
    const from = recorder.entries.length;
    const sloppy = await connect();
    sloppy.sendRaw('not json');
    sloppy.sendRaw(Buffer.from([1, 2, 3]));
    sloppy.sendRaw(JSON.stringify({ type: 'ping', pad: 'x'.repeat(9_000) }));
    for (let i = 0; i < 10; i += 1) sloppy.sendRaw('[');
    expect((await sloppy.closed).code).toBe(1008);
    const huge = await connect();
    huge.sendRaw('x'.repeat(200 * 1024));
    expect((await huge.closed).code).toBe(1009);
    // The server's own close handling has run by the time another client is served.
    const other = await connect();
    other.send({ type: 'ping', ref: 'p' });
    await other.reply('p');

    const logged = recorder.entries.slice(from);
    expect(logged.filter((entry) => entry.level >= 50)).toEqual([]);
    expect(logged.filter((entry) => entry.err?.stack !== undefined)).toEqual([]);
    // Still visible to an operator, at warn or below.
    const oversized = logged.find((entry) => entry.err?.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH' || /payload/i.test(entry.msg ?? ''));
    expect(oversized?.level).toBeLessThanOrEqual(40);
    expect(logged.filter((entry) => /bad frames/.test(entry.msg ?? '')).map((entry) => entry.level)).toEqual([30]);
  });
});

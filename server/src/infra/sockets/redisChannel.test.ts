import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { TEST_REDIS_URL, testRedisReachable } from '../../testing/redisTarget';
import { RedisChannel } from './redisChannel';

function capturingLog(): { log: FastifyBaseLogger; lines: { msg: string; level: number }[] } {
  const lines: { msg: string; level: number }[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line) as { msg: string; level: number }) });
  return { log: log as unknown as FastifyBaseLogger, lines };
}

describe('RedisChannel without Redis', () => {
  it('never throws, logs at most one line per interval, and redacts the password', async () => {
    const { log, lines } = capturingLog();
    // Nothing listens on port 1: every attempt fails.
    const channel = new RedisChannel({ url: 'redis://user:s3cret@127.0.0.1:1', channel: 'test:none', label: 'test', log });
    await channel.start(() => undefined);
    channel.publish('one');
    channel.publish('two', false);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await channel.close();
    expect(lines.length).toBe(1);
    expect(lines[0]?.msg).toBe('test Redis bus error (redis://user:***@127.0.0.1:1)');
    expect(JSON.stringify(lines)).not.toContain('s3cret');
  });
});

const reachable = await testRedisReachable();

describe.skipIf(!reachable)('RedisChannel over Redis', () => {
  it('carries text between two channels of the same name (each hears its own too)', async () => {
    const name = `sports:test-kit:${randomBytes(6).toString('hex')}`;
    const { log, lines } = capturingLog();
    const a = new RedisChannel({ url: TEST_REDIS_URL, channel: name, label: 'a', log });
    const b = new RedisChannel({ url: TEST_REDIS_URL, channel: name, label: 'b', log });
    const heardA: string[] = [];
    const heardB: string[] = [];
    await a.start((text) => heardA.push(text));
    await b.start((text) => heardB.push(text));
    a.publish('from a\nline two');
    b.publish('from b');
    const deadline = Date.now() + 3_000;
    while ((heardA.length < 2 || heardB.length < 2) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    await Promise.all([a.close(), b.close()]);
    expect(heardB).toEqual(['from a\nline two', 'from b']);
    expect(heardA).toEqual(['from a\nline two', 'from b']);
    expect(lines).toEqual([]);
  });
});

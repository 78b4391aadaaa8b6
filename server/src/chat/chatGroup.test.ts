import type { ChatGroupMessage } from '@sports/shared/server';
import { describe, expect, it } from 'vitest';
import type { ChatConnection } from './chatConnection';
import { ChatGroup } from './chatGroup';

interface Write {
  start: number;
  end: number;
  /** How many message frames the write carried. */
  messages: number;
}

/** A member connection that records its writes, and can make each write cost time. */
function member(costMs = 0): { connection: ChatConnection; writes: Write[] } {
  const writes: Write[] = [];
  const connection = {
    write: (buffer: Buffer) => {
      const start = performance.now();
      while (performance.now() - start < costMs) {
        // A slow kernel write, as to thousands of sockets.
      }
      writes.push({ start, end: performance.now(), messages: buffer.toString('latin1').split('"type":"message"').length - 1 });
    },
  } as unknown as ChatConnection;
  return { connection, writes };
}

async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

const message = (seq: number): ChatGroupMessage => ({
  id: `m${seq}`,
  seq,
  groupId: '7',
  kind: 'text',
  text: `text ${seq}`,
  from: { userId: '1', nickname: 'a', avatar: '', role: 'member' },
  cloudCustomData: { type: 0 },
  sentAt: Date.now(),
});

describe('ChatGroup flushing', () => {
  it('does not hold back a cheap group: each message is written at once, whatever the longest interval', async () => {
    // With a fixed interval the second message would wait 10 s.
    const group = new ChatGroup('7', 50, 10_000);
    const members = [member(), member(), member()];
    members.forEach(({ connection }, index) => group.add(String(index), connection));
    group.deliver(message(1), true);
    await until(() => members.every(({ writes }) => writes.length === 1));
    const second = performance.now();
    group.deliver(message(2), true);
    await until(() => members.every(({ writes }) => writes.length === 2));
    for (const { writes } of members) expect((writes[1]?.end ?? Infinity) - second).toBeLessThan(1_000);
  });

  it('joins what arrives after an expensive write into one write, made no sooner than that write took', async () => {
    const group = new ChatGroup('7', 50, 10_000);
    const slow = member(15);
    group.add('1', slow.connection);
    group.deliver(message(1), true);
    await until(() => slow.writes.length === 1);
    for (const seq of [2, 3, 4]) group.deliver(message(seq), true);
    await until(() => slow.writes.length === 2);
    const [first, second] = slow.writes as [Write, Write];
    expect(second.messages).toBe(3);
    expect(second.start - first.end).toBeGreaterThanOrEqual(14);
    // ...and not the longest interval (10 s): as long as the last write took.
    expect(second.start - first.end).toBeLessThan(5_000);
    expect(group.recentMessages().map((kept) => kept.seq)).toEqual([1, 2, 3, 4]);
  });
});

import { describe, expect, it } from 'vitest';
import { IpcBus } from './ipcBus';
import type { LiveMessage } from './liveMessage';
import type { RelayedMessage } from './workerMessages';

const relayed = (seq: number, hot: 0 | 1 = 1, companyId: number | null = null): RelayedMessage => [`{"code":100,"type":"football_match","seq":${seq},"data":[]}`, hot, companyId];

describe('IpcBus (a fan-out worker receiving the main process broadcasts)', () => {
  it('keeps what arrives before the hub has loaded, then delivers everything in order', async () => {
    const bus = new IpcBus();
    const seen: LiveMessage[] = [];
    bus.receive([relayed(1), relayed(2)]);
    bus.receive([relayed(3, 0, 8)]);
    await bus.start((message) => seen.push(message));
    bus.receive([relayed(4)]);
    expect(seen.map((message) => message.seq)).toEqual([1, 2, 3, 4]);
    expect(seen[2]).toMatchObject({ stream: 'football_match', hot: false, companyId: 8 });
    // The same bytes the publisher encoded, framed once here.
    expect(seen[0]?.json).toBe(relayed(1)[0]);
    expect(seen[0]?.frame.subarray(2).toString()).toBe(relayed(1)[0]);
  });

  it('drops what is not a live message, and everything after close', async () => {
    const bus = new IpcBus();
    const seen: number[] = [];
    await bus.start((message) => seen.push(message.seq));
    bus.receive([['not json', 1, null], ['{"type":"nope","seq":1,"data":[]}', 1, null], relayed(5)]);
    await bus.close();
    bus.receive([relayed(6)]);
    expect(seen).toEqual([5]);
  });
});

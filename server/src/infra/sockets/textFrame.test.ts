import type { EventEmitter } from 'node:events';
import * as ws from 'ws';
import { describe, expect, it } from 'vitest';
import { textFrame } from './textFrame';

/** ws's own frame parser (exported at run time, not in its type declarations). */
const Receiver = (ws as unknown as { Receiver: new (options: { isServer: boolean }) => EventEmitter & { write(chunk: Buffer): void } }).Receiver;

/** What a real WebSocket parser makes of our frames. */
function parse(frame: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const receiver = new Receiver({ isServer: false });
    receiver.on('message', (data: Buffer) => resolve(data.toString('utf8')));
    receiver.on('error', reject);
    receiver.write(frame);
  });
}

describe('textFrame', () => {
  it.each([0, 125, 126, 65_535, 65_536, 200_000])('frames a %i-byte payload that ws reads back', async (length) => {
    const payload = 'x'.repeat(length);
    const frame = textFrame(Buffer.from(payload));
    expect(frame[0]).toBe(0x81);
    expect(await parse(frame)).toBe(payload);
  });

  it('carries UTF-8 text', async () => {
    expect(await parse(textFrame(Buffer.from('{"home_team_name_zh":"曼城"}')))).toBe('{"home_team_name_zh":"曼城"}');
  });
});

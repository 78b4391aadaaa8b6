import { describe, expect, it } from 'vitest';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { ChatServerFrameSchema } from './protocol';
import { isChatServerFrame } from './serverFrameCheck';
import { SERVER_FRAME_CHECK_FILE, serverFrameCheckSource } from './serverFrameCheckSource';

describe('serverFrameCheck.generated.ts', () => {
  it('is what serverFrameCheckSource writes for today\'s protocol (run vitest -u after changing protocol.ts)', async () => {
    await expect(serverFrameCheckSource()).toMatchFileSnapshot(`./${SERVER_FRAME_CHECK_FILE}`);
  });
});

/** A valid frame of each kind the server sends, then ways each can be broken. */
const VALID_FRAMES: unknown[] = (ChatServerFrameSchema as unknown as { anyOf: TSchema[] }).anyOf.map((variant) => Value.Create(variant));

function brokenFramesOf(frame: Record<string, unknown>): unknown[] {
  const broken: unknown[] = [null, [], 'text', 42, { ...frame, type: 'no-such-frame' }, { ...frame, type: 7 }];
  for (const key of Object.keys(frame)) {
    const { [key]: _dropped, ...without } = frame;
    broken.push(without, { ...frame, [key]: null }, { ...frame, [key]: 12.5 }, { ...frame, [key]: { nested: true } }, { ...frame, [key]: 'x'.repeat(3) });
  }
  return broken;
}

describe('isChatServerFrame (the generated check)', () => {
  it('accepts a frame of each kind the protocol has', () => {
    expect(VALID_FRAMES.length).toBe((ChatServerFrameSchema as unknown as { anyOf: unknown[] }).anyOf.length);
    for (const frame of VALID_FRAMES) expect(isChatServerFrame(frame), JSON.stringify(frame)).toBe(true);
  });

  it('judges every broken frame as TypeBox\'s interpreter does (Value.Check), and refuses most', () => {
    let refused = 0;
    let judged = 0;
    for (const frame of VALID_FRAMES) {
      for (const broken of brokenFramesOf(frame as Record<string, unknown>)) {
        const expected = Value.Check(ChatServerFrameSchema, broken);
        expect(isChatServerFrame(broken), JSON.stringify(broken)).toBe(expected);
        judged += 1;
        if (!expected) refused += 1;
      }
    }
    expect(refused).toBeGreaterThan(judged / 2);
  });

  it('checks string patterns (a styled danmaku\'s colour) and nested optional objects as the schema says', () => {
    const message = VALID_FRAMES.find((frame) => (frame as { type: string }).type === 'message') as { message: Record<string, unknown> & { cloudCustomData: Record<string, unknown> } };
    const styled = (color: string) => ({ ...message, message: { ...message.message, cloudCustomData: { ...message.message.cloudCustomData, style: { styleId: 1, color, position: 'top' } } } });
    expect(isChatServerFrame(styled('#ff00aa'))).toBe(true);
    for (const color of ['red', '#ff00a', '#ff00aag', ' #ff00aa']) {
      expect(Value.Check(ChatServerFrameSchema, styled(color))).toBe(false);
      expect(isChatServerFrame(styled(color)), color).toBe(false);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { MAX_FRAME_BYTES, frameMessages, parseClientFrame } from './liveDataProtocol';

const text = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value));

describe('parseClientFrame', () => {
  it.each([
    [{ type: 'register', info: 'web' }],
    [{ type: 'heartbeat' }],
    [{ type: 'toggle', company_id: 3 }],
    [{ type: 'toggle', company_id: '3' }],
    [{ type: 'classify', classify_type: 0 }],
    [{ type: 'classify', classify_type: 1 }],
    [{ type: 'resume', stream: 'goal', lastSeq: 0 }],
    [{ type: 'resume', stream: 'basketball_exponent', lastSeq: 1_000_123 }],
    [{ type: 'resume', stream: 'match_centre', lastSeq: 7 }],
    [{ type: 'watch', match_id: 42 }],
    [{ type: 'watch', match_id: null }],
  ])('accepts %j', (frame) => {
    expect(parseClientFrame(text(frame), false)).toEqual({ ok: true, frame });
  });

  it.each([
    ['binary', Buffer.from([1, 2, 3]), true, frameMessages.notText],
    ['oversized', text({ type: 'heartbeat', pad: 'x'.repeat(MAX_FRAME_BYTES) }), false, frameMessages.tooLarge],
    ['not JSON', text('hello'), false, frameMessages.notJson],
    ['JSON without type', text([1, 2]), false, frameMessages.unknownType],
    ['unknown type', text({ type: 'subscribe_all' }), false, frameMessages.unknownType],
    ['bad classify', text({ type: 'classify', classify_type: 2 }), false, frameMessages.badFields],
    ['bad company id', text({ type: 'toggle', company_id: 'abc' }), false, frameMessages.badFields],
    ['negative company id', text({ type: 'toggle', company_id: -1 }), false, frameMessages.badFields],
    ['resume of an unknown stream', text({ type: 'resume', stream: 'tennis', lastSeq: 1 }), false, frameMessages.badFields],
    ['resume without a seq', text({ type: 'resume', stream: 'goal' }), false, frameMessages.badFields],
    ['watch of match 0', text({ type: 'watch', match_id: 0 }), false, frameMessages.badFields],
    ['watch of a text id', text({ type: 'watch', match_id: '42' }), false, frameMessages.badFields],
    ['watch without a match', text({ type: 'watch' }), false, frameMessages.badFields],
  ])('rejects a %s frame', (_label, data, isBinary, msg) => {
    expect(parseClientFrame(data, isBinary)).toEqual({ ok: false, msg });
  });
});

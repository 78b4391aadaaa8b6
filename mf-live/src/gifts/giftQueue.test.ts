import { describe, expect, it } from 'vitest';
import { EMPTY_GIFT_QUEUE, GIFT_QUEUE_MAX, giftQueueReducer, type GiftQueueState } from './giftQueue';
import { giftPayload } from '../testing/gifts';

const add = (state: GiftQueueState, gift: ReturnType<typeof giftPayload>, at: number) => giftQueueReducer(state, { type: 'add', gift, at });

describe('gift queue', () => {
  it('plays one show at a time, the next when the current finishes', () => {
    const a = giftPayload({ senderId: '1', comboKey: '1:3' });
    const b = giftPayload({ senderId: '2', comboKey: '2:3', tier: 2 });
    let state = add(add(EMPTY_GIFT_QUEUE, a, 0), b, 10);
    expect(state.current?.id).toBe(a.recordId);
    expect(state.queue.map((show) => show.id)).toEqual([b.recordId]);
    state = giftQueueReducer(state, { type: 'finish', id: a.recordId, version: 0 });
    expect(state.current?.id).toBe(b.recordId);
    expect(giftQueueReducer(state, { type: 'finish', id: b.recordId, version: 0 })).toEqual(EMPTY_GIFT_QUEUE);
  });

  it('the same comboKey within 5 s grows the playing show (a stale finish is ignored); later, or not combo-able, a new show', () => {
    const first = giftPayload({ count: 10 });
    let state = add(EMPTY_GIFT_QUEUE, first, 1_000);
    state = add(state, giftPayload({ count: 1 }), 5_900);
    expect(state.current).toMatchObject({ id: first.recordId, count: 11, version: 1 });
    expect(state.queue).toHaveLength(0);
    expect(giftQueueReducer(state, { type: 'finish', id: first.recordId, version: 0 })).toBe(state);
    state = add(state, giftPayload({ count: 2 }), 10_901);
    expect(state.current?.count).toBe(11);
    expect(state.queue).toHaveLength(1);
    const rocket = giftPayload({ giftId: 5, comboKey: '77:5', combo: 0 });
    state = add(add(state, rocket, 11_000), giftPayload({ giftId: 5, comboKey: '77:5', combo: 0 }), 11_100);
    expect(state.queue).toHaveLength(3);
  });

  it('a combo also grows a waiting show', () => {
    let state = add(EMPTY_GIFT_QUEUE, giftPayload({ senderId: '1', comboKey: '1:3' }), 0);
    const waiting = giftPayload({ senderId: '2', comboKey: '2:3', count: 66 });
    state = add(add(state, waiting, 100), giftPayload({ senderId: '2', comboKey: '2:3', count: 66 }), 200);
    expect(state.queue).toEqual([expect.objectContaining({ id: waiting.recordId, count: 132 })]);
  });

  it('a flood is bounded: the oldest small show waiting is dropped first', () => {
    let state = add(EMPTY_GIFT_QUEUE, giftPayload({ senderId: 'x', comboKey: 'x', tier: 3 }), 0);
    const big = giftPayload({ senderId: 'big', comboKey: 'big', tier: 3 });
    state = add(state, big, 1);
    for (let index = 0; index < GIFT_QUEUE_MAX + 5; index += 1) state = add(state, giftPayload({ senderId: `s${index}`, comboKey: `s${index}` }), 2);
    expect(state.queue).toHaveLength(GIFT_QUEUE_MAX);
    expect(state.queue[0]?.id).toBe(big.recordId);
  });
});

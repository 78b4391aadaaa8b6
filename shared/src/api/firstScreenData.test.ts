import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEventBus } from '../events/eventBus';
import { createSportsStore } from '../store/createSportsStore';
import { ApiError } from './apiError';
import { createApiClient } from './createApiClient';
import { firstScreenKeyOfCall } from '../testing/firstScreenCalls';
import { earlyAnswerWithin, FIRST_SCREEN_GLOBAL, FIRST_SCREEN_MAX_AGE_MS, firstScreenKeyOf, takeFirstScreenAnswer } from './firstScreenData';

type Store = Record<string, { at: number; answer: Promise<{ ok: boolean; text: string } | null> }>;
const globals = globalThis as unknown as Record<string, Store | undefined>;

function earlyAnswers(entries: Record<string, { ok: boolean; text: string } | null>, at = Date.now()): Store {
  const store: Store = {};
  for (const [key, answer] of Object.entries(entries)) store[key] = { at, answer: Promise.resolve(answer) };
  globals[FIRST_SCREEN_GLOBAL] = store;
  return store;
}

const envelope = (data: unknown, code = 200, msg = '') => JSON.stringify({ code, msg, data });

afterEach(() => {
  delete globals[FIRST_SCREEN_GLOBAL];
  vi.restoreAllMocks();
});

describe('the key of a first-screen call', () => {
  it('is the same whatever order the query or the body lists its names in', () => {
    expect(firstScreenKeyOf('GET', '/api/Clip/list?limit=8&latest=1&kinds=goal%2Cpenalty')).toBe('GET api/Clip/list?kinds=goal%2Cpenalty&latest=1&limit=8');
    expect(firstScreenKeyOf('GET', 'http://127.0.0.1:8080/api/Clip/list?latest=1&kinds=goal,penalty&limit=8')).toBe('GET api/Clip/list?kinds=goal%2Cpenalty&latest=1&limit=8');
    expect(firstScreenKeyOf('POST', '/api/hot_match/all_match', { status: 'live', page: 1, page_size: 20 })).toBe(
      firstScreenKeyOf('POST', 'api/hot_match/all_match', { page_size: 20, page: 1, status: 'live' }),
    );
    expect(firstScreenKeyOf('POST', '/api/hot_match/all_match', { page: 1 })).not.toBe(firstScreenKeyOf('GET', '/api/hot_match/all_match?page=1'));
  });

  it('of a declared call takes the route\'s own parameters, a whole number as a number in a body; a missing one starts nothing', () => {
    expect(firstScreenKeyOfCall({ path: 'api/Live_streaming/getRoomInfo', query: { room_id: ':id' } }, { id: '12' })).toBe('GET api/Live_streaming/getRoomInfo?room_id=12');
    expect(firstScreenKeyOfCall({ path: 'api/x', method: 'POST', body: { room_id: ':id', tab: ':tab' } }, { id: '12', tab: 'live' })).toBe('POST api/x {"room_id":12,"tab":"live"}');
    expect(firstScreenKeyOfCall({ path: 'api/Live_streaming/getRoomInfo', query: { room_id: ':id' } }, {})).toBeNull();
    // What the code sends for the same call has the same key: requestUrlOf's query, the client's JSON body.
    expect(firstScreenKeyOfCall({ path: 'api/hot_match/all_match', method: 'POST', body: { status: 'live', page: 1, page_size: 20 } })).toBe(
      firstScreenKeyOf('POST', '/api/hot_match/all_match', { page: 1, page_size: 20, status: 'live' }),
    );
  });
});

describe('takeFirstScreenAnswer', () => {
  it('gives an answer once, and none that is stale, of another site, or for a body that is not plain values', async () => {
    const now = Date.now();
    earlyAnswers({ 'GET api/a': { ok: true, text: '1' }, 'GET api/b': { ok: true, text: '2' } }, now - FIRST_SCREEN_MAX_AGE_MS - 1);
    expect(takeFirstScreenAnswer('GET', '/api/a', undefined, now - FIRST_SCREEN_MAX_AGE_MS)).not.toBeNull();
    expect(takeFirstScreenAnswer('GET', '/api/a', undefined, now - FIRST_SCREEN_MAX_AGE_MS)).toBeNull();
    // Older than FIRST_SCREEN_MAX_AGE_MS: not used, and gone.
    expect(takeFirstScreenAnswer('GET', '/api/b', undefined, now)).toBeNull();
    expect(Object.keys(globals[FIRST_SCREEN_GLOBAL] ?? {})).toEqual([]);

    earlyAnswers({ 'GET api/a': { ok: true, text: '1' }, 'POST api/p ': { ok: true, text: '1' } });
    expect(takeFirstScreenAnswer('GET', 'https://elsewhere.example/api/a')).toBeNull();
    expect(takeFirstScreenAnswer('POST', '/api/p', new FormData())).toBeNull();
    expect(takeFirstScreenAnswer('GET', `${location.origin}/api/a`)).not.toBeNull();
  });
});

describe('earlyAnswerWithin', () => {
  it('gives the answer, or null when the call failed or hangs past the time given', async () => {
    await expect(earlyAnswerWithin(Promise.resolve({ ok: true, text: 'x' }), 1_000)).resolves.toEqual({ ok: true, text: 'x' });
    await expect(earlyAnswerWithin(Promise.reject(new Error('offline')), 1_000)).resolves.toBeNull();
    await expect(earlyAnswerWithin(new Promise(() => undefined), 20)).resolves.toBeNull();
  });
});

describe('the API client with the page\'s early answers', () => {
  // The page's own address ('/'): an early answer is the page's; a call that goes to the network
  // reaches jsdom's origin, where nothing answers (a network error), which is how these tests see it.
  const api = () => createApiClient({ baseURL: '/', eventBus: createEventBus(), store: createSportsStore() });
  let fetchSpy: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    fetchSpy = vi.spyOn(globalThis, 'fetch');
  });

  it('takes the early answer of its call instead of asking, once: the next ask of the same call goes to the network', async () => {
    earlyAnswers({
      [firstScreenKeyOf('GET', '/api/rooms?page=1&type=0')]: { ok: true, text: envelope({ list: [1, 2] }) },
      [firstScreenKeyOf('POST', '/api/all_match', { page: 1, status: 'live' })]: { ok: true, text: envelope({ total: 3 }) },
    });
    const client = api();
    await expect(client.get('api/rooms', { type: 0, page: 1 })).resolves.toEqual({ list: [1, 2] });
    await expect(client.post('api/all_match', { status: 'live', page: 1 })).resolves.toEqual({ total: 3 });
    expect(fetchSpy).not.toHaveBeenCalled();

    const again = await client.get('api/rooms', { type: 0, page: 1 }).catch((error: unknown) => error);
    expect(again).toBeInstanceOf(ApiError);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('applies the envelope\'s rules to an early answer (a code-1 message rejects) and asks again when the early call got no answer', async () => {
    earlyAnswers({ 'GET api/refused': { ok: true, text: envelope(null, 1, '直播间不存在') }, 'GET api/lost': null });
    const client = api();
    const refused = await client.get('api/refused').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).message).toBe('直播间不存在');
    expect(fetchSpy).not.toHaveBeenCalled();
    await client.get('api/lost').catch(() => null);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('never gives an early answer to a call with headers of its own (an idempotency key) or another body', async () => {
    earlyAnswers({ [firstScreenKeyOf('POST', '/api/all_match', { page: 1 })]: { ok: true, text: envelope('early') } });
    const client = api();
    await client.request({ method: 'POST', url: 'api/all_match', data: { page: 1 }, headers: { 'Idempotency-Key': 'k' } }).catch(() => null);
    await client.post('api/all_match', { page: 2 }).catch(() => null);
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });
});

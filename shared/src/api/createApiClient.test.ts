import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEventBus, type PlatformEvents } from '../events/eventBus';
import { sharedMessages } from '../messages/zhCN';
import { createSportsStore } from '../store/createSportsStore';
import { navIndexAtom, userInfoAtom } from '../store/persistedAtoms';
import { ApiError } from './apiError';
import { createApiClient } from './createApiClient';

// A real HTTP server answering each path with a fixed envelope (or a broken answer), so the
// client is exercised through fetch and the network stack, not through a fake adapter.
const answers: Record<string, { status: number; body: string; delayMs?: number }> = {
  '/ok': { status: 200, body: JSON.stringify({ code: 200, msg: '', data: { hello: 'world' } }) },
  '/code1': { status: 200, body: JSON.stringify({ code: 1, msg: '余额不足', data: null }) },
  '/code1-reason': { status: 200, body: JSON.stringify({ code: 1, msg: '验证码发送过于频繁，请 45 秒后再试', data: null, reason: 'SMS_RESEND_TOO_SOON' }) },
  '/code1-empty': { status: 200, body: JSON.stringify({ code: 1, msg: '', data: null }) },
  '/code1-http400': { status: 400, body: JSON.stringify({ code: 1, msg: 'name 长度不能超过 10 个字符', data: null }) },
  '/code700': { status: 200, body: JSON.stringify({ code: 700, msg: '请登录后操作', data: null }) },
  '/code50008': { status: 200, body: JSON.stringify({ code: 50008, msg: '', data: null }) },
  '/code50012': { status: 200, body: JSON.stringify({ code: 50012, msg: '', data: null }) },
  '/code50014': { status: 200, body: JSON.stringify({ code: 50014, msg: '', data: null }) },
  '/not-json': { status: 502, body: '<html>bad gateway</html>' },
};
const seenHeaders: Record<string, string | string[] | undefined>[] = [];
let server: Server;
let baseURL: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    // jsdom enforces CORS like a browser: the page (http://localhost:3000) is another origin.
    response.setHeader('Access-Control-Allow-Origin', request.headers.origin ?? '*');
    response.setHeader('Access-Control-Allow-Credentials', 'true');
    response.setHeader('Access-Control-Allow-Headers', 'token, x-requested-with, content-type');
    if (request.method === 'OPTIONS') return response.writeHead(204).end();
    seenHeaders.push(request.headers);
    if (request.url?.startsWith('/echo')) return echo(request, response);
    const answer = answers[request.url ?? ''];
    if (!answer) return response.destroy();
    response.writeHead(answer.status, { 'Content-Type': 'application/json' });
    response.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

/** Answers what it was sent: method, address, content type, body and idempotency key. */
function echo(request: IncomingMessage, response: ServerResponse): void {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    const contentType = request.headers['content-type'] ?? null;
    const data = { method: request.method, url: request.url, contentType, body, key: request.headers['idempotency-key'] ?? null };
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify({ code: 200, msg: '', data }));
  });
}

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function setup(options: { token?: string; now?: () => number } = {}) {
  const store = createSportsStore();
  const eventBus = createEventBus();
  const events: { type: keyof PlatformEvents; payload: unknown }[] = [];
  eventBus.on('*', (type, payload) => events.push({ type, payload }));
  const api = createApiClient({ baseURL, eventBus, store, getToken: () => options.token, now: options.now });
  return { store, api, events };
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(() => null, (reason: unknown) => reason);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

beforeEach(() => {
  localStorage.clear();
  seenHeaders.length = 0;
});

describe('the API client applies SPEC.md section 8', () => {
  it('resolves with data on code 200 and sends the token header', async () => {
    const { api, events } = setup({ token: 'st_abc' });
    await expect(api.get('/ok')).resolves.toEqual({ hello: 'world' });
    expect(seenHeaders[0]?.token).toBe('st_abc');
    expect(events).toEqual([]);
  });

  it('sends the query, a JSON body and the extra headers of a call', async () => {
    const { api } = setup();
    await expect(api.get('/echo', { room_id: 1, skip: undefined, q: '梅西' })).resolves.toMatchObject({ method: 'GET', url: `/echo?room_id=1&q=${encodeURIComponent('梅西')}`, body: '' });
    await expect(api.post('/echo', { amount: 1 })).resolves.toMatchObject({ method: 'POST', contentType: 'application/json', body: '{"amount":1}' });
    // A form goes as multipart: the uploads' journeys (e2e: a room cover, a post's picture) send one through a real browser.
    await expect(api.request({ method: 'GET', url: 'echo', params: { id: 3 }, headers: { 'Idempotency-Key': 'k-1' } })).resolves.toMatchObject({ code: 200, data: { url: '/echo?id=3', key: 'k-1' } });
    expect(seenHeaders.every((headers) => headers['x-requested-with'] === 'XMLHttpRequest')).toBe(true);
  });

  it('envelope(): the answer whatever its code, with nothing shown; no envelope rejects as a network error', async () => {
    const { api, events } = setup();
    await expect(api.envelope({ method: 'GET', url: '/code1' })).resolves.toEqual({ code: 1, msg: '余额不足', data: null });
    expect((await rejection(api.envelope({ method: 'GET', url: '/not-json' }))).isNetworkError).toBe(true);
    expect((await rejection(api.envelope({ method: 'GET', url: '/hang-up' }))).isNetworkError).toBe(true);
    expect(events).toEqual([]);
  });

  it('code 1: toasts the server message for 5 s and rejects', async () => {
    const { api, events } = setup();
    const error = await rejection(api.post('/code1', { amount: 1 }));
    expect(error.code).toBe(1);
    expect(events).toEqual([{ type: 'toast', payload: { kind: 'error', message: '余额不足', durationMs: 5000 } }]);
  });

  it("code 1 with the server's reason key: the rejection carries it (null when the answer has none)", async () => {
    const { api, events } = setup();
    const error = await rejection(api.get('/code1-reason'));
    expect(error).toMatchObject({ code: 1, reason: 'SMS_RESEND_TOO_SOON', message: '验证码发送过于频繁，请 45 秒后再试' });
    expect(events[0]?.payload).toMatchObject({ message: '验证码发送过于频繁，请 45 秒后再试' });
    expect((await rejection(api.post('/code1', { amount: 1 }))).reason).toBeNull();
  });

  it("code 1 without a message toasts 'Error'", async () => {
    const { api, events } = setup();
    await rejection(api.get('/code1-empty'));
    expect(events[0]?.payload).toMatchObject({ message: 'Error' });
  });

  it('code 1 on an HTTP 400 answer (validation) still toasts the message', async () => {
    const { api, events } = setup();
    await rejection(api.get('/code1-http400'));
    expect(events[0]?.payload).toMatchObject({ message: 'name 长度不能超过 10 个字符' });
  });

  it.each([50008, 50012, 50014])('code %i asks to stay or log in again', async (code) => {
    const { api, events } = setup();
    const error = await rejection(api.get(`/code${code}`));
    expect(error.code).toBe(code);
    expect(events).toEqual([{ type: 'session:logoutConfirm', payload: { code } }]);
  });

  it('code 700 clears the saved user, resets index to 0 and says 请登录后操作; repeats within 2 s are ignored', async () => {
    let now = 10_000;
    const { api, store, events } = setup({ now: () => now });
    store.set(userInfoAtom, { user_nickname: 'x', avatar: '', exp: 1, balance: 5, is_anchor: 0 });
    store.set(navIndexAtom, 3);
    expect(localStorage.getItem('userInfo')).not.toBeNull();

    await rejection(api.get('/code700'));
    expect(store.get(userInfoAtom)).toBeNull();
    expect(localStorage.getItem('userInfo')).toBe('null');
    expect(store.get(navIndexAtom)).toBe(0);
    expect(events.map((event) => event.type)).toEqual(['session:cleared', 'toast']);
    expect(events[1]?.payload).toMatchObject({ message: sharedMessages.loginRequired });

    now += 1_999;
    await rejection(api.get('/code700'));
    expect(events).toHaveLength(2);

    now += 2_001;
    await rejection(api.get('/code700'));
    expect(events).toHaveLength(4);
  });

  it('a network error rejects without any message', async () => {
    const { api, events } = setup();
    const error = await rejection(api.get('/hang-up'));
    expect(error.isNetworkError).toBe(true);
    expect(error.message).toBe('');
    expect(events).toEqual([]);
  });

  it('an answer that is not an envelope is treated like a network error', async () => {
    const { api, events } = setup();
    const error = await rejection(api.get('/not-json'));
    expect(error.isNetworkError).toBe(true);
    expect(events).toEqual([]);
  });
});

describe('when each call leaves (issue 17: one task per request)', () => {
  /** The calls' fetch() as they happen, while the real one still answers them. */
  function watchFetch() {
    const realFetch = globalThis.fetch;
    const started: string[] = [];
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      started.push(String(input));
      return realFetch(input, init);
    });
    return { started, restore: () => spy.mockRestore() };
  }

  it('asks for each of calls made together in a later task, not inside the task that made them', async () => {
    const { api } = setup();
    const fetches = watchFetch();
    try {
      const calls = [api.get('/ok'), api.get('/echo', { n: 1 }), api.post('/echo', { n: 2 })];
      await Promise.resolve();
      expect(fetches.started).toEqual([]);
      await expect(Promise.all(calls)).resolves.toHaveLength(3);
      expect(fetches.started).toHaveLength(3);
    } finally {
      fetches.restore();
    }
  });

  it('a call made while the page is being hidden (a tab closing) leaves at once', async () => {
    const { api } = setup();
    const fetches = watchFetch();
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    try {
      const call = api.post('/echo', { seconds: 42 });
      expect(fetches.started).toEqual([`${baseURL}/echo`]);
      await expect(call).resolves.toMatchObject({ body: '{"seconds":42}' });
    } finally {
      visibility.mockRestore();
      fetches.restore();
    }
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_PROTOCOL_VERSION, SocketCloseCode, type ApiClient, type SystemConfig } from '@sports/shared';
import { FakeLiveSocket } from '@sports/shared/testing';
import { onFanAlert } from '../goals/fanAlerts';
import { sampleFanAlert } from '../goals/testing/sampleFanAlert';
import { startUnreadPush } from './unreadPush';

// The built-in chat's page connection (unreadPush.ts) with the socket stood in: what the page does
// when its first login fails (issue 39: a fan's page that never got its alerts). The chat client
// itself runs against the real server in server/src/chat/builtinChatClient.integration.test.ts,
// and the whole path in the matchAlerts journeys.
const BUILTIN = { provider: 'builtin', socketPath: '/ws/chat' } as unknown as SystemConfig['im'];
/** random() = 0: the backoff's shortest waits (500 ms, then 1 s). */
const NO_JITTER = () => 0;

type Envelope = { code: number; msg: string; data: unknown };
const signature = (sig: string): Envelope => ({ code: 200, msg: '', data: { id: 7, userSig: sig } });

function fakeApi(answers: (Envelope | Error)[]) {
  const envelope = vi.fn(async () => {
    const next = answers.length > 1 ? answers.shift() : answers[0];
    if (next instanceof Error) throw next;
    return next as Envelope;
  });
  return { api: { envelope } as unknown as ApiClient, envelope };
}

/** The next socket the client opens (the chat chunk is imported first). */
async function nextSocket(count: number): Promise<FakeLiveSocket> {
  await vi.waitFor(() => expect(FakeLiveSocket.instances).toHaveLength(count), { timeout: 3_000, interval: 20 });
  return FakeLiveSocket.latest();
}

/** The login frame the client sent on `socket` (after it opened). */
async function loginFrame(socket: FakeLiveSocket): Promise<Record<string, unknown>> {
  await vi.waitFor(() => expect(socket.sent.find((frame) => frame.type === 'login')).toBeDefined(), { timeout: 1_000, interval: 10 });
  return socket.sent.find((frame) => frame.type === 'login') as Record<string, unknown>;
}

async function answerLogin(socket: FakeLiveSocket, ok: boolean): Promise<Record<string, unknown>> {
  socket.open();
  const login = await loginFrame(socket);
  socket.receive(
    ok
      ? { type: 'login-result', v: CHAT_PROTOCOL_VERSION, ok: true, userId: '7', kind: 'member', profile: { nickname: '球迷', avatar: '' }, canSend: true, ref: login.ref }
      : { type: 'login-result', v: CHAT_PROTOCOL_VERSION, ok: false, reason: 'session-ended', message: '登录已失效', ref: login.ref },
  );
  return login;
}

const alertNotice = (id: number) => ({ type: 'notice', notice: { id: `n-${id}`, lastSequence: id, text: '进球！', sentAt: Date.now(), alert: sampleFanAlert({ id }) } });

describe('the page connection of the built-in chat (alerts and badge pushes)', () => {
  let stop: (() => void) | null = null;
  const shown: number[] = [];
  let off: (() => void) | null = null;

  beforeEach(() => {
    FakeLiveSocket.install();
    shown.length = 0;
    off = onFanAlert((alert) => shown.push(alert.id));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    stop?.();
    stop = null;
    off?.();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('a first connection closed before its login answer: it connects again with a fresh signature, and the alerts come', async () => {
    const { api, envelope } = fakeApi([signature('sig-1'), signature('sig-2')]);
    const onNotice = vi.fn();
    const onAlertMessage = vi.fn();
    stop = startUnreadPush(api, BUILTIN, { onNotice, onAlertMessage }, NO_JITTER);

    // The server was busy or restarting: the socket closes before the login is answered.
    const first = await nextSocket(1);
    expect(new URL(first.url).pathname).toBe('/ws/chat');
    first.open();
    expect((await loginFrame(first)).userSig).toBe('sig-1');
    first.serverClose(1006);

    // Half a second later: a new socket, a fresh signature, logged in.
    const second = await nextSocket(2);
    const login = await answerLogin(second, true);
    expect(login.userSig).toBe('sig-2');
    expect(envelope).toHaveBeenCalledTimes(2);
    await vi.waitFor(() => expect(onNotice).toHaveBeenCalled()); // connected: the count is read (what came meanwhile)

    second.receive(alertNotice(940_001));
    expect(shown).toEqual([940_001]);
    expect(onAlertMessage).toHaveBeenCalledTimes(1);
  });

  it('a refused login and a failed signature read are tried again; a signed-out answer stops it; stopped, no socket opens', async () => {
    const { api, envelope } = fakeApi([signature('sig-1'), new Error('network down'), signature('sig-3'), { code: 700, msg: '请登录后操作', data: null }]);
    const onNotice = vi.fn();
    stop = startUnreadPush(api, BUILTIN, { onNotice, onAlertMessage: vi.fn() }, NO_JITTER);

    await answerLogin(await nextSocket(1), false); // refused (session-ended): the client closes it
    // The read after 500 ms fails (no socket), the next after 1 s more gets sig-3.
    const third = await nextSocket(2);
    expect(envelope).toHaveBeenCalledTimes(3);
    expect((await answerLogin(third, true)).userSig).toBe('sig-3');
    await vi.waitFor(() => expect(onNotice).toHaveBeenCalledTimes(1)); // connected
    third.receive(alertNotice(940_002));
    expect(shown).toEqual([940_002]);

    // The connection ends for good (the server's session-ended close): a fresh signature is asked
    // for, the answer says signed out, and nothing more is tried.
    third.serverClose(SocketCloseCode.SessionEnded);
    await vi.waitFor(() => expect(envelope).toHaveBeenCalledTimes(4), { timeout: 3_000, interval: 20 });
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(envelope).toHaveBeenCalledTimes(4);
    expect(FakeLiveSocket.instances).toHaveLength(2);
  });

  it('stopped while waiting to try again: nothing more is read or opened', async () => {
    const { api, envelope } = fakeApi([signature('sig-1')]);
    stop = startUnreadPush(api, BUILTIN, { onNotice: vi.fn(), onAlertMessage: vi.fn() }, NO_JITTER);
    const first = await nextSocket(1);
    first.serverClose(1006); // before it even opened
    await vi.waitFor(() => expect(console.warn).toHaveBeenCalled());
    stop();
    stop = null;
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(envelope).toHaveBeenCalledTimes(1);
    expect(FakeLiveSocket.instances).toHaveLength(1);
  });
});

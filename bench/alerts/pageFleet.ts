/**
 * The open pages of `pnpm bench:alerts`, a child process (bench/alerts/run.ts): one built-in chat
 * connection per member, logged in, in no room, as the host keeps for a signed-in page
 * (host/src/messages/unreadPush.ts). Every `notice` frame carrying an `alert` is timed (Date.now()
 * at arrival, the chunk's); a ping every 30 s keeps each alive, the pings of all spread over the 30 s. Talks to the parent over IPC.
 */
import { RawWsClient } from '../realtime/rawClient';

interface Identity {
  userId: string;
  userSig: string;
}

const CONNECT_CONCURRENCY = 250;
const KEEPALIVE_MS = 30_000;
const KEEPALIVE_TICK_MS = 100;
const ALERT_MARK = Buffer.from('"alert":{"id":');
const NOTICE_PREFIX = Buffer.from('{"type":"notice"');
const send = (message: object) => process.send?.(message);

/** Per connection: when its first alert arrived (ms since the epoch), and how many notices without one (the badge's push). */
const firstAlertAt: number[] = [];
let alertFrames = 0;
let plainNotices = 0;
let clients: RawWsClient[] = [];

function frameHandler(index: number) {
  return (payload: Buffer) => {
    if (payload.compare(NOTICE_PREFIX, 0, NOTICE_PREFIX.length, 0, NOTICE_PREFIX.length) !== 0) return;
    if (payload.indexOf(ALERT_MARK) < 0) {
      plainNotices += 1;
      return;
    }
    alertFrames += 1;
    if (firstAlertAt[index] === 0) firstAlertAt[index] = Date.now();
  };
}

process.on('message', async (message: { cmd: string; port?: number; identities?: Identity[] }) => {
  if (message.cmd === 'connect' && message.port !== undefined && message.identities !== undefined) {
    const { port, identities } = message;
    for (let start = 0; start < identities.length; start += CONNECT_CONCURRENCY) {
      const batch = identities.slice(start, start + CONNECT_CONCURRENCY);
      const connected = batch.map((_, offset) => {
        firstAlertAt.push(0);
        return new RawWsClient(port, '/ws/chat', frameHandler(start + offset), () => 0);
      });
      await Promise.all(connected.map((client) => client.connect()));
      connected.forEach((client, offset) => {
        const identity = batch[offset] as Identity;
        client.sendText(JSON.stringify({ type: 'login', v: 1, userId: identity.userId, userSig: identity.userSig }));
      });
      clients.push(...connected);
    }
    // Each connection pings every 30 s, spread evenly (a slice every 100 ms), as real pages' timers
    // are: all 5,000 at once would be a burst of replies on the server that only some windows catch.
    let next = 0;
    const slice = Math.ceil(clients.length / (KEEPALIVE_MS / KEEPALIVE_TICK_MS));
    setInterval(() => {
      for (let sent = 0; sent < slice && clients.length > 0; sent += 1, next = (next + 1) % clients.length) clients[next]?.sendText('{"type":"ping"}');
    }, KEEPALIVE_TICK_MS).unref();
    send({ type: 'connected', count: clients.length });
  } else if (message.cmd === 'reset') {
    firstAlertAt.fill(0);
    alertFrames = 0;
    plainNotices = 0;
    send({ type: 'reset' });
  } else if (message.cmd === 'report') {
    send({ type: 'report', firstAlertAt, alertFrames, plainNotices });
  } else if (message.cmd === 'exit') {
    for (const client of clients) client.close();
    clients = [];
    process.exit(0);
  }
});
send({ type: 'ready' });

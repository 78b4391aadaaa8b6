/**
 * The load generator, a child process of the chat benchmark: N members of one room on one
 * connection each (guests, read only), plus S senders (members) sending in turn so the room gets
 * R messages a second. Every `message` frame that arrives is counted and timed (the text carries
 * its send time). Talks to the parent over IPC: 'start' sends, 'report' answers the counts.
 */
import { Arrivals, readDigitsAt } from '../realtime/arrivals';
import { RawWsClient } from '../realtime/rawClient';
import { nowMicros } from '../realtime/scoreUpdate';

interface Identity {
  userId: string;
  userSig: string;
}
interface Setup {
  port: number;
  groupId: string;
  readers: Identity[];
  senders: Identity[];
  ratePerSecond: number;
}

const CONNECT_CONCURRENCY = 250;
const MESSAGE_PREFIX = Buffer.from('{"type":"message"');
const TEXT_MARK = Buffer.from('"text":"t');
/** A line carrying its sender's fan medal (`from.medal`, issue 35). */
const MEDAL_MARK = Buffer.from('"medal":{"name":');

const arrivals = new Arrivals();
let sent = 0;
/** Message frames received that carry a fan medal. */
let withMedal = 0;
const send = (message: object) => process.send?.(message);

function onFrame(payload: Buffer, arrived: number): void {
  if (payload.compare(MESSAGE_PREFIX, 0, MESSAGE_PREFIX.length, 0, MESSAGE_PREFIX.length) !== 0) return;
  const at = payload.indexOf(TEXT_MARK);
  if (at < 0) return;
  arrivals.record(readDigitsAt(payload, at + TEXT_MARK.length), arrived);
  if (payload.indexOf(MEDAL_MARK) >= 0) withMedal += 1;
}

async function connectAll(setup: Setup, identities: Identity[]): Promise<RawWsClient[]> {
  const clients: RawWsClient[] = [];
  for (let start = 0; start < identities.length; start += CONNECT_CONCURRENCY) {
    const batch = identities.slice(start, start + CONNECT_CONCURRENCY);
    const connected = batch.map(() => new RawWsClient(setup.port, '/ws/chat', onFrame, nowMicros));
    await Promise.all(connected.map((client) => client.connect()));
    connected.forEach((client, index) => {
      const identity = batch[index] as Identity;
      client.sendText(JSON.stringify({ type: 'login', v: 1, userId: identity.userId, userSig: identity.userSig }));
      client.sendText(JSON.stringify({ type: 'join', groupId: setup.groupId }));
    });
    clients.push(...connected);
    if (clients.length % 1_000 === 0) send({ type: 'progress', connected: clients.length });
  }
  return clients;
}

let clients: RawWsClient[] = [];
let senders: RawWsClient[] = [];
let timer: NodeJS.Timeout | null = null;

process.on('message', async (message: { cmd: string; setup?: Setup; seconds?: number }) => {
  if (message.cmd === 'connect' && message.setup !== undefined) {
    const setup = message.setup;
    clients = await connectAll(setup, setup.readers);
    senders = await connectAll(setup, setup.senders);
    // Pings as pages send them would be 1 in 30 s per client: left out (negligible next to 40 msg/s).
    send({ type: 'connected', count: clients.length + senders.length });
    process.on('message', (next: { cmd: string; seconds?: number }) => {
      if (next.cmd !== 'start') return;
      arrivals.reset();
      sent = 0;
      withMedal = 0;
      // Senders take turns: each sends ratePerSecond / senders.length a second, under the per-user limit.
      const interval = 1_000 / setup.ratePerSecond;
      let turn = 0;
      const started = Date.now();
      timer = setInterval(() => {
        const due = Math.floor((Date.now() - started) / interval) - sent;
        for (let index = 0; index < due; index += 1) {
          const sender = senders[turn % senders.length] as RawWsClient;
          turn += 1;
          sent += 1;
          sender.sendText(JSON.stringify({ type: 'send', ref: `s${sent}`, groupId: setup.groupId, kind: 'danmaku', text: `t${nowMicros()}` }));
        }
        if (Date.now() - started >= (next.seconds ?? 10) * 1_000) {
          if (timer !== null) clearInterval(timer);
          timer = null;
          send({ type: 'sent', sent });
        }
      }, 5);
    });
  } else if (message.cmd === 'report') {
    send({ type: 'report', ...arrivals.summary(), sent, withMedal });
  } else if (message.cmd === 'exit') {
    for (const client of [...clients, ...senders]) client.close();
    process.exit(0);
  }
});
send({ type: 'ready' });

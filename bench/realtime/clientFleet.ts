/**
 * The load generator, run as a child process of the benchmark: N WebSocket clients on one
 * connection each, counting every score update and its latency (send time is in the payload).
 * Talks to the parent over IPC: 'reset' starts a measurement, 'report' ends it.
 */
import { Arrivals, readDigitsAt } from './arrivals';
import { RawWsClient } from './rawClient';
import { nowMicros } from './scoreUpdate';
import { WATCHED_MATCH_ID } from './centreDelta';

const [portArg, countArg, mode] = process.argv.slice(2);
const port = Number(portArg);
const count = Number(countArg);
const CONNECT_CONCURRENCY = 250;
const HEARTBEAT_MS = 30_000;
const SENT_AT = Buffer.from('"sent_at":');

const arrivals = new Arrivals();

function onFrame(payload: Buffer, arrived: number): void {
  // sent_at is the row's last field: search from the end, read the digits.
  const at = payload.lastIndexOf(SENT_AT);
  if (at < 0) return;
  arrivals.record(readDigitsAt(payload, at + SENT_AT.length), arrived);
}

const send = (message: object) => process.send?.(message);

async function main(): Promise<void> {
  const clients: RawWsClient[] = [];
  for (let start = 0; start < count; start += CONNECT_CONCURRENCY) {
    const naive = mode === 'naive' || mode === 'naive-centre';
    const batch = Array.from({ length: Math.min(CONNECT_CONCURRENCY, count - start) }, () => new RawWsClient(port, naive ? '/' : '/ws/live-data', onFrame, nowMicros));
    await Promise.all(batch.map((client) => client.connect()));
    if (!naive) {
      // The live-data handshake (SPEC.md section 4): delivery starts at classify.
      for (const client of batch) {
        client.sendText('{"type":"register","info":"web"}');
        client.sendText('{"type":"toggle","company_id":3}');
        // The analytics run: every client is on one match page.
        if (mode === 'centre' || mode === 'centre-now') client.sendText(`{"type":"watch","match_id":${WATCHED_MATCH_ID}}`);
        client.sendText('{"type":"classify","classify_type":0}');
      }
    }
    clients.push(...batch);
    if (clients.length % 1_000 === 0 || clients.length === count) send({ type: 'progress', connected: clients.length });
  }
  // Heartbeats as pages send them (SPEC.md: every 30 s), each page on its own phase: not all at once.
  if (mode !== 'naive' && mode !== 'naive-centre') {
    clients.forEach((client, index) => {
      setTimeout(() => setInterval(() => client.sendText('{"type":"heartbeat"}'), HEARTBEAT_MS).unref(), (index * HEARTBEAT_MS) / clients.length).unref();
    });
  }
  process.on('message', (message: { cmd: string }) => {
    if (message.cmd === 'reset') {
      arrivals.reset();
      send({ type: 'reset' });
    } else if (message.cmd === 'report') {
      const cpu = process.cpuUsage();
      send({ type: 'report', ...arrivals.summary(), cpuMicros: cpu.user + cpu.system });
    } else if (message.cmd === 'exit') {
      for (const client of clients) client.close();
      process.exit(0);
    }
  });
  send({ type: 'ready' });
}

main().catch((error: unknown) => {
  console.error('client fleet failed:', error);
  process.exit(1);
});

import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { LatencyHistogram } from '../realtime/histogram';
import type { Audience, BenchMember, BenchRoom } from './seed';

/** What a send answered when it succeeded (HandselGiftResult). */
interface SendResult {
  record_id: number;
  gift_id: number;
  count: number;
  coins: number;
  balance: number;
  created_at: string;
}

/** One Idempotency-Key: what was asked, and every successful answer to it (the first send and its retries). */
export interface KeyRecord {
  member: BenchMember;
  room: BenchRoom;
  giftId: number;
  count: number;
  requests: number;
  answers: SendResult[];
}

/** What the bench saw over all phases: every key, the refusals and failures by kind. */
export class SendLedger {
  readonly keys = new Map<string, KeyRecord>();
  readonly errors = new Map<string, number>();
  private readonly recent: string[] = [];
  private counter = 0;

  constructor(private readonly audience: Audience, private readonly retryShare: number) {}

  /** The next send: a fresh key (member, room, gift, count at random), or with retryShare a recent key again. */
  next(): { key: string; record: KeyRecord; retry: boolean } {
    if (this.recent.length > 0 && Math.random() < this.retryShare) {
      const key = this.recent[Math.floor(Math.random() * this.recent.length)] as string;
      return { key, record: this.keys.get(key) as KeyRecord, retry: true };
    }
    this.counter += 1;
    const key = `bench-${process.pid}-${this.counter}`;
    const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)] as T;
    const gift = pick(this.audience.gifts);
    const record: KeyRecord = { member: pick(this.audience.members), room: pick(this.audience.rooms), giftId: gift.id, count: 1 + Math.floor(Math.random() * 3), requests: 0, answers: [] };
    this.keys.set(key, record);
    // Retries pick among the last 200 keys: some are answered already (a retry after a lost
    // answer), some still in flight (a double tap): both must apply once.
    this.recent.push(key);
    if (this.recent.length > 200) this.recent.shift();
    return { key, record, retry: false };
  }

  error(kind: string): void {
    this.errors.set(kind, (this.errors.get(kind) ?? 0) + 1);
  }
}

/** Figures of one phase. */
export interface PhaseFigures {
  /** HTTP sends answered (fresh keys and retries), successful or not. */
  answered: number;
  succeeded: number;
  retries: number;
  seconds: number;
  latency: LatencyHistogram;
  maxMs: number;
  /** Open loop: sends that started more than 5 ms after their scheduled time (this process fell behind: the machine is busy). */
  startedLate: number;
}

/**
 * Sockets to the server at most: it refuses a 129th connection from one address
 * (HTTP_MAX_CONNECTIONS_PER_ADDRESS, 128) and the bench's 1,000 members all come from 127.0.0.1.
 * Sends beyond it wait here for a socket, and that wait counts in their latency.
 */
export const MAX_SOCKETS = 96;

export class GiftClient {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: MAX_SOCKETS });
  private readonly host: string;
  private readonly port: number;

  constructor(httpUrl: string, private readonly sends: SendLedger) {
    const url = new URL(httpUrl);
    this.host = url.hostname;
    this.port = Number(url.port);
  }

  /** One GET api/member/handselGift with the member's token and the key; true when it succeeded. */
  send(key: string, record: KeyRecord): Promise<boolean> {
    record.requests += 1;
    const path = `/api/member/handselGift?room_id=${record.room.roomId}&gift_id=${record.giftId}&count=${record.count}`;
    return new Promise((resolve) => {
      const request = http.request({ agent: this.agent, host: this.host, port: this.port, path, headers: { token: record.member.token, 'idempotency-key': key } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          try {
            const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { code: number; msg: string; data: SendResult | null; reason?: string };
            if (response.statusCode === 200 && body.code === 200 && body.data !== null) {
              record.answers.push(body.data);
              return resolve(true);
            }
            this.sends.error(`HTTP ${response.statusCode} code ${body.code} ${body.reason ?? ''} ${body.msg}`);
          } catch {
            this.sends.error(`HTTP ${response.statusCode}: not JSON`);
          }
          resolve(false);
        });
        response.on('error', (error) => {
          this.sends.error(`response: ${error.message}`);
          resolve(false);
        });
      });
      request.on('error', (error) => {
        this.sends.error(`request: ${error.message}`);
        resolve(false);
      });
      request.end();
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function emptyFigures(): PhaseFigures {
  return { answered: 0, succeeded: 0, retries: 0, seconds: 0, latency: new LatencyHistogram(), maxMs: 0, startedLate: 0 };
}

function record(figures: PhaseFigures, ok: boolean, retry: boolean, tookMs: number): void {
  figures.answered += 1;
  if (ok) figures.succeeded += 1;
  if (retry) figures.retries += 1;
  figures.latency.record(tookMs * 1000);
  figures.maxMs = Math.max(figures.maxMs, tookMs);
}

/** Every `everyMs` a progress line from `line()`, until stopped. */
function progress(everyMs: number, line: () => string): () => void {
  const timer = setInterval(() => console.log(line()), everyMs);
  return () => clearInterval(timer);
}

/** One request of a closed loop: whether it succeeded, and whether it repeated an earlier key. */
export type ClosedLoopRequest = () => Promise<{ ok: boolean; retry: boolean }>;

/**
 * Closed loop: `concurrency` requests in flight for `seconds`, each worker starting its next as
 * soon as the last answered (the most the server delivers). Latency from the request's start.
 * The gift phases and the HTTP ceiling (ceiling.ts) share it, so they load the server alike.
 */
export async function closedLoop(concurrency: number, seconds: number, label: string, unit: string, one: ClosedLoopRequest): Promise<PhaseFigures> {
  const figures = emptyFigures();
  const started = performance.now();
  const until = started + seconds * 1000;
  const stop = progress(5_000, () => `[bench:gifts] ${label}: ${((performance.now() - started) / 1000).toFixed(0)} s, ${figures.answered.toLocaleString('en-US')} ${unit}, ${(figures.answered / ((performance.now() - started) / 1000)).toFixed(0)}/s`);
  const worker = async () => {
    while (performance.now() < until) {
      const sentAt = performance.now();
      const { ok, retry } = await one();
      record(figures, ok, retry, performance.now() - sentAt);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  stop();
  figures.seconds = (performance.now() - started) / 1000;
  return figures;
}

/** Closed loop of gift sends: `concurrency` in flight for `seconds` (fresh keys and retries, as SendLedger picks them). */
export function maxThroughput(client: GiftClient, sends: SendLedger, concurrency: number, seconds: number, label: string): Promise<PhaseFigures> {
  return closedLoop(concurrency, seconds, label, 'sends', async () => {
    const { key, record: keyRecord, retry } = sends.next();
    return { ok: await client.send(key, keyRecord), retry };
  });
}

/**
 * Open loop: one send every 1/rate s for `seconds`, started on schedule whether or not earlier ones
 * answered; each latency counts from its scheduled time, so a stall is charged to every send it
 * delayed (no coordinated omission). Waits for the last answers.
 */
export async function fixedRate(client: GiftClient, sends: SendLedger, rate: number, seconds: number, label: string): Promise<PhaseFigures> {
  const figures = emptyFigures();
  const total = Math.round(rate * seconds);
  const intervalMs = 1000 / rate;
  const started = performance.now();
  const inFlight = new Set<Promise<void>>();
  let scheduled = 0;
  const stop = progress(5_000, () => `[bench:gifts] ${label}: ${((performance.now() - started) / 1000).toFixed(0)} s, ${figures.answered.toLocaleString('en-US')} sends answered, ${inFlight.size} in flight`);
  while (scheduled < total) {
    const now = performance.now();
    while (scheduled < total && started + scheduled * intervalMs <= now) {
      const due = started + scheduled * intervalMs;
      scheduled += 1;
      if (now - due > 5) figures.startedLate += 1;
      const { key, record: keyRecord, retry } = sends.next();
      const flight: Promise<void> = client.send(key, keyRecord).then((ok) => {
        record(figures, ok, retry, performance.now() - due);
        inFlight.delete(flight);
      });
      inFlight.add(flight);
    }
    await sleep(Math.max(0, Math.min(intervalMs, started + scheduled * intervalMs - performance.now())));
  }
  await Promise.all(inFlight);
  stop();
  figures.seconds = (performance.now() - started) / 1000;
  return figures;
}

import http from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { streamNameFor } from '../playbackUrls';
import { FlvTagSplitter } from './flvTagSplitter';
import type { OriginDirectory } from './originDirectory';
import { RELAY_HEADER } from './relayHeader';
import { type FlvSource, RelayedStream } from './relayedStream';

export interface FlvRelaysOptions {
  origins: OriginDirectory;
  /** The pull's RELAY_HEADER value for a stream. */
  relaySignature: (stream: string) => string;
  log: FastifyBaseLogger;
  /** Pull attempts per viewer request before it is told not live; each waits longer (backoffMs × 2^n). */
  attempts?: number;
  backoffMs?: number;
  /** The origin must answer (headers and the FLV header) within this. */
  connectTimeoutMs?: number;
  /** A relay nobody watches is kept this long (a player reconnecting finds it). */
  lingerMs?: number;
}

interface Relay {
  stream: RelayedStream;
  request: http.ClientRequest;
  linger: NodeJS.Timeout | null;
}

/**
 * The FLV of rooms pushed to other nodes: one pull per room per node, however many players here
 * (the first player's request opens it, the others join it, even while it connects). A pull that
 * fails is retried with backoff, asking the registry again each time (the origin may have moved);
 * after the last attempt the room is not live for a cool-down that doubles with each failure, so
 * players' retries do not hammer a dead origin. A pull carries RELAY_HEADER: the origin answers it
 * from its own push only, never by pulling in turn, so nodes never pull in a loop.
 */
export class FlvRelays {
  private readonly relays = new Map<number, Relay>();
  private readonly opening = new Map<number, Promise<RelayedStream | null>>();
  private readonly coolDowns = new Map<number, { until: number; failures: number }>();
  private stopped = false;
  private readonly attempts: number;
  private readonly backoffMs: number;
  private readonly connectTimeoutMs: number;
  private readonly lingerMs: number;

  constructor(private readonly options: FlvRelaysOptions) {
    this.attempts = options.attempts ?? 3;
    this.backoffMs = options.backoffMs ?? 250;
    this.connectTimeoutMs = options.connectTimeoutMs ?? 5_000;
    this.lingerMs = options.lingerMs ?? 2_000;
  }

  /** The room's relayed FLV to play; null when no other node holds its push (or it cannot be reached). */
  async sourceFor(roomId: number): Promise<FlvSource | null> {
    const relay = this.relays.get(roomId);
    if (relay !== undefined && !relay.stream.isEnded) {
      if (relay.linger !== null) clearTimeout(relay.linger);
      relay.linger = null;
      return relay.stream;
    }
    const coolDown = this.coolDowns.get(roomId);
    if (coolDown !== undefined && coolDown.until > Date.now()) return null;
    let opening = this.opening.get(roomId);
    if (opening === undefined) {
      opening = this.open(roomId).finally(() => this.opening.delete(roomId));
      this.opening.set(roomId, opening);
    }
    return opening;
  }

  /** Rooms pulled now (metrics and tests). */
  get pulls(): number {
    return this.relays.size;
  }

  /** Ends every pull (players are let go). */
  stop(): void {
    this.stopped = true;
    for (const roomId of [...this.relays.keys()]) this.close(roomId);
  }

  private async open(roomId: number): Promise<RelayedStream | null> {
    let lastFailure = '';
    for (let attempt = 0; attempt < this.attempts && !this.stopped; attempt += 1) {
      if (attempt > 0) await sleep(this.backoffMs * 2 ** (attempt - 1));
      const origin = await this.options.origins.remoteOriginOf(roomId, attempt > 0).catch(() => undefined);
      if (origin === null) return null; // nobody pushes the room (or it is pushed here): not live
      if (origin === undefined) {
        lastFailure = 'the registry could not be read';
        continue;
      }
      try {
        const stream = await this.pull(roomId, origin.internalUrl);
        this.coolDowns.delete(roomId);
        return stream;
      } catch (error) {
        lastFailure = error instanceof Error ? error.message : String(error);
      }
    }
    const failures = (this.coolDowns.get(roomId)?.failures ?? 0) + 1;
    const coolDownMs = Math.min(8_000, 500 * 2 ** (failures - 1));
    this.coolDowns.set(roomId, { until: Date.now() + coolDownMs, failures });
    this.options.log.warn({ roomId, attempts: this.attempts, coolDownMs, reason: lastFailure }, 'FLV pull from the origin failed; players are told not live');
    return null;
  }

  /** Opens the pull; resolves once the origin sent the FLV header (so players can attach). */
  private pull(roomId: number, originUrl: string): Promise<RelayedStream> {
    const stream = streamNameFor(roomId);
    return new Promise((resolve, reject) => {
      const relayed = new RelayedStream(() => this.idle(roomId));
      let started = false;
      const fail = (reason: string) => {
        clearTimeout(timer);
        if (!started) return reject(new Error(reason));
        if (this.relays.get(roomId)?.request === request) this.close(roomId);
      };
      const request = http.get(`${originUrl}/live/${stream}.flv`, { agent: false, headers: { [RELAY_HEADER]: this.options.relaySignature(stream) } }, (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          return fail(`the origin answered ${response.statusCode ?? 0}`);
        }
        const splitter = new FlvTagSplitter(
          (piece, isHeader) => {
            relayed.receive(piece, isHeader);
            if (!isHeader || started) return;
            started = true;
            clearTimeout(timer);
            if (this.stopped) {
              request.destroy();
              return reject(new Error('this node is stopping'));
            }
            this.relays.set(roomId, { stream: relayed, request, linger: null });
            this.options.log.info({ roomId, origin: originUrl }, 'FLV pull from the origin started');
            resolve(relayed);
          },
          (reason) => {
            this.options.log.warn({ roomId, reason }, 'the origin sent a broken FLV stream');
            request.destroy();
          },
        );
        response.on('data', (chunk: Buffer) => splitter.push(chunk));
        response.on('end', () => fail('the origin ended the stream'));
        response.on('error', () => fail('the origin connection broke'));
      });
      request.on('error', (error) => fail(`the origin could not be reached (${error.message})`));
      request.on('close', () => fail('the origin connection closed'));
      const timer = setTimeout(() => {
        fail(`the origin did not answer within ${this.connectTimeoutMs} ms`);
        request.destroy();
      }, this.connectTimeoutMs);
    });
  }

  private idle(roomId: number): void {
    const relay = this.relays.get(roomId);
    if (relay === undefined || relay.linger !== null) return;
    relay.linger = setTimeout(() => {
      if (relay.stream.subscribers.size === 0 && this.relays.get(roomId) === relay) this.close(roomId);
    }, this.lingerMs);
    relay.linger.unref();
  }

  private close(roomId: number): void {
    const relay = this.relays.get(roomId);
    if (relay === undefined) return;
    this.relays.delete(roomId);
    if (relay.linger !== null) clearTimeout(relay.linger);
    relay.request.destroy();
    relay.stream.end();
    this.options.log.info({ roomId }, 'FLV pull from the origin ended');
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

import type { Kysely } from 'kysely';
import type { Database } from '../infra/db/schema';
import { type ClaimRequest, type WonShare, claimAlone, claimBatch } from './redPacketClaims';
import type { EligibilityPacket } from './redPacketEligibility';
import type { RedPacketsConfig } from './redPacketsConfig';

/**
 * Batched winning grabs (README.md "Grab"): the grabs of one packet in flight on this node are
 * checked, claimed, paid and recorded by ONE transaction per batch (`claimBatch`), as the gift sends
 * (wallet/gifts/giftBatcher.ts) and the grab route's sessions (accounts/sessions/batchedLogin.ts)
 * are batched. Idle, a grab goes at once (no timer); busy, the grabs that arrive while a batch runs
 * go together in the next one, at most `maxInFlight` batches a packet at once. So a room's
 * thousand winners cost a few dozen commits, not a thousand, and nothing waits for a window.
 *
 * A batch that fails (a member's grab on another node committed meanwhile: unique violation; a
 * deadlock victim; the database gone) applied nothing: each of its grabs is then run on its own
 * (`claimAlone`: its checks and a transaction), which answers each member exactly (你已经抢过,
 * the share, or the error).
 */

/** What a grab of a batch is answered: its share, `empty`, `held` (the member has one); a refusal rejects. */
export type GrabAnswer = WonShare | 'empty' | 'held';

interface Waiting {
  packet: EligibilityPacket;
  grab: ClaimRequest;
  now: Date;
  resolve: (claim: GrabAnswer) => void;
  reject: (error: unknown) => void;
}

interface PacketQueue {
  waiting: Waiting[];
  inFlight: number;
}

export interface GrabBatcherOptions {
  db: Kysely<Database>;
  config: RedPacketsConfig;
  /** Most grabs in one batch (the rest wait for the next). */
  maxBatch?: number;
  /** Batches of one packet in flight at once (2: the server prepares one while PostgreSQL runs the other). */
  maxInFlight?: number;
  /** A batch that failed and was run grab by grab: for the log. */
  onBatchError?: (error: unknown, grabs: number) => void;
}

export interface GrabBatcherStats {
  batches: number;
  grabs: number;
  largestBatch: number;
  /** Batches that failed and were run grab by grab. */
  fallbacks: number;
}

const DEFAULT_MAX_BATCH = 256;
const DEFAULT_MAX_IN_FLIGHT = 2;

export class GrabBatcher {
  private readonly queues = new Map<number, PacketQueue>();
  private readonly maxBatch: number;
  private readonly maxInFlight: number;
  private readonly counters: GrabBatcherStats = { batches: 0, grabs: 0, largestBatch: 0, fallbacks: 0 };

  constructor(private readonly options: GrabBatcherOptions) {
    this.maxBatch = options.maxBatch ?? DEFAULT_MAX_BATCH;
    this.maxInFlight = options.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT;
    if (!Number.isSafeInteger(this.maxBatch) || this.maxBatch < 1) throw new Error(`GrabBatcher: maxBatch must be a positive integer, got ${this.maxBatch}`);
    if (!Number.isSafeInteger(this.maxInFlight) || this.maxInFlight < 1) throw new Error(`GrabBatcher: maxInFlight must be a positive integer, got ${this.maxInFlight}`);
  }

  /** The member's share of the packet once its batch committed, or why none; rejects with the checks' refusal. */
  claim(packet: EligibilityPacket, grab: ClaimRequest, now: Date): Promise<GrabAnswer> {
    const packetId = packet.id;
    return new Promise((resolve, reject) => {
      let queue = this.queues.get(packetId);
      if (queue === undefined) {
        queue = { waiting: [], inFlight: 0 };
        this.queues.set(packetId, queue);
      }
      queue.waiting.push({ packet, grab, now, resolve, reject });
      this.startNext(packetId, queue);
    });
  }

  stats(): GrabBatcherStats {
    return { ...this.counters };
  }

  private startNext(packetId: number, queue: PacketQueue): void {
    while (queue.inFlight < this.maxInFlight && queue.waiting.length > 0) {
      const batch = queue.waiting.splice(0, this.maxBatch);
      queue.inFlight += 1;
      void this.run(batch).finally(() => {
        queue.inFlight -= 1;
        if (queue.inFlight === 0 && queue.waiting.length === 0) this.queues.delete(packetId);
        else this.startNext(packetId, queue);
      });
    }
  }

  private async run(batch: Waiting[]): Promise<void> {
    this.counters.batches += 1;
    this.counters.grabs += batch.length;
    this.counters.largestBatch = Math.max(this.counters.largestBatch, batch.length);
    // The batch's time (its checks and claims): the latest grab's; the grabs are a moment apart.
    const now = new Date(Math.max(...batch.map((entry) => entry.now.getTime())));
    const { db, config } = this.options;
    let claims;
    try {
      claims = await claimBatch(db, config, (batch[0] as Waiting).packet, batch.map((entry) => entry.grab), now);
    } catch (error) {
      this.counters.fallbacks += 1;
      this.options.onBatchError?.(error, batch.length);
      await Promise.all(batch.map((entry) => claimAlone(db, config, entry.packet, entry.grab, entry.now).then(entry.resolve, entry.reject)));
      return;
    }
    batch.forEach((entry, index) => {
      const claim = claims[index] ?? 'empty';
      if (typeof claim === 'object' && 'refused' in claim) entry.reject(claim.refused);
      else entry.resolve(claim);
    });
  }
}

import type { Kysely } from 'kysely';
import { type BatchEntry, type BatchLimits, NaturalBatcher, checkBatchLimits } from '../infra/batching/naturalBatcher';
import type { Database } from '../infra/db/schema';
import { type ClaimRequest, type WonShare, claimAlone, claimBatch } from './redPacketClaims';
import type { EligibilityPacket } from './redPacketEligibility';
import type { RedPacketsConfig } from './redPacketsConfig';

/**
 * Batched winning grabs (README.md "Grab"): the grabs of one packet in flight on this node are
 * checked, claimed, paid and recorded by ONE transaction per batch (`claimBatch`), as the gift sends
 * (wallet/gifts/giftBatcher.ts) and the grab route's sessions (accounts/sessions/batchedLogin.ts)
 * are batched (`infra/batching/naturalBatcher.ts`, one line per packet, dropped when it is idle).
 * Idle, a grab goes at once (no timer); busy, the grabs that arrive while a batch runs go together
 * in the next one, at most `maxInFlight` batches a packet at once. So a room's
 * thousand winners cost a few dozen commits, not a thousand, and nothing waits for a window.
 *
 * A batch that fails (a member's grab on another node committed meanwhile: unique violation; a
 * deadlock victim; the database gone) applied nothing: each of its grabs is then run on its own
 * (`claimAlone`: its checks and a transaction), which answers each member exactly (你已经抢过,
 * the share, or the error).
 */

/** What a grab of a batch is answered: its share, `empty`, `held` (the member has one); a refusal rejects. */
export type GrabAnswer = WonShare | 'empty' | 'held';

interface Grab {
  packet: EligibilityPacket;
  grab: ClaimRequest;
  now: Date;
}

type Waiting = BatchEntry<Grab, GrabAnswer>;

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
  /** A line per packet with grabs waiting or in flight. */
  private readonly queues = new Map<number, NaturalBatcher<Grab, GrabAnswer>>();
  private readonly limits: BatchLimits;
  private readonly counters: GrabBatcherStats = { batches: 0, grabs: 0, largestBatch: 0, fallbacks: 0 };

  constructor(private readonly options: GrabBatcherOptions) {
    this.limits = { maxBatch: options.maxBatch ?? DEFAULT_MAX_BATCH, maxInFlight: options.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT };
    checkBatchLimits('GrabBatcher', this.limits);
  }

  /** The member's share of the packet once its batch committed, or why none; rejects with the checks' refusal. */
  claim(packet: EligibilityPacket, grab: ClaimRequest, now: Date): Promise<GrabAnswer> {
    const packetId = packet.id;
    let queue = this.queues.get(packetId);
    if (queue === undefined) {
      queue = new NaturalBatcher<Grab, GrabAnswer>({
        name: 'GrabBatcher',
        ...this.limits,
        run: (batch) => this.run(batch),
        onIdle: () => this.queues.delete(packetId),
      });
      this.queues.set(packetId, queue);
    }
    return queue.add({ packet, grab, now });
  }

  stats(): GrabBatcherStats {
    return { ...this.counters };
  }

  private async run(batch: readonly Waiting[]): Promise<void> {
    this.counters.batches += 1;
    this.counters.grabs += batch.length;
    this.counters.largestBatch = Math.max(this.counters.largestBatch, batch.length);
    // The batch's time (its checks and claims): the latest grab's; the grabs are a moment apart.
    const now = new Date(Math.max(...batch.map((entry) => entry.item.now.getTime())));
    const { db, config } = this.options;
    let claims;
    try {
      claims = await claimBatch(db, config, (batch[0] as Waiting).item.packet, batch.map((entry) => entry.item.grab), now);
    } catch (error) {
      this.counters.fallbacks += 1;
      this.options.onBatchError?.(error, batch.length);
      await Promise.all(batch.map(({ item, resolve, reject }) => claimAlone(db, config, item.packet, item.grab, item.now).then(resolve, reject)));
      return;
    }
    batch.forEach((entry, index) => {
      const claim = claims[index] ?? 'empty';
      if (typeof claim === 'object' && 'refused' in claim) entry.reject(claim.refused);
      else entry.resolve(claim);
    });
  }
}

import { LIVE_STREAMS, type LiveStream } from '@sports/shared/server';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../infra/db/schema';

/** Where a node's sequence numbers come from: a block of numbers no other run will ever use. */
export interface SeqBlockSource {
  /** Reserves `size` numbers of `stream`; answers the number just before the block. */
  reserve(stream: LiveStream, size: number): Promise<number>;
}

/** Blocks in PostgreSQL: a restarted node continues above every number used before (clients resume by number). */
export function postgresSeqBlocks(db: Kysely<Database>): SeqBlockSource {
  return {
    async reserve(stream, size) {
      const { rows } = await sql<{ reserved_to: number }>`
        insert into live_stream_seq (stream, reserved_to) values (${stream}, ${size})
        on conflict (stream) do update set reserved_to = live_stream_seq.reserved_to + ${size}
        returning reserved_to`.execute(db);
      const reservedTo = rows[0]?.reserved_to;
      if (reservedTo === undefined) throw new Error(`could not reserve sequence numbers for ${stream}`);
      return reservedTo - size;
    },
  };
}

/** Numbers from 1 in memory (one process, nothing to resume across restarts: benchmarks). */
export const memorySeqBlocks: SeqBlockSource = { reserve: async () => 0 };

const BLOCK_SIZE = 1_000_000;

/**
 * Hands out the next number of each stream on the node that publishes (the feed's node). Other
 * nodes never number anything: they take the numbers carried in the messages. The next block is
 * reserved when half of the current one is used, long before it runs out.
 */
export class SeqAllocator {
  private readonly next = new Map<LiveStream, number>();
  private readonly limit = new Map<LiveStream, number>();
  private readonly toppingUp = new Set<LiveStream>();

  constructor(
    private readonly source: SeqBlockSource,
    private readonly onError: (error: unknown) => void = () => undefined,
    private readonly blockSize = BLOCK_SIZE,
  ) {}

  /** Reserves a first block of every stream; answers the last number before each. */
  async init(): Promise<Map<LiveStream, number>> {
    const starts = new Map<LiveStream, number>();
    for (const stream of LIVE_STREAMS) {
      const before = await this.source.reserve(stream, this.blockSize);
      this.next.set(stream, before + 1);
      this.limit.set(stream, before + this.blockSize);
      starts.set(stream, before);
    }
    return starts;
  }

  allocate(stream: LiveStream): number {
    const seq = this.next.get(stream);
    const limit = this.limit.get(stream);
    if (seq === undefined || limit === undefined) throw new Error('SeqAllocator: allocate() before init()');
    this.next.set(stream, seq + 1);
    if (limit - seq < this.blockSize / 2 && !this.toppingUp.has(stream)) this.topUp(stream, limit);
    return seq;
  }

  private topUp(stream: LiveStream, limit: number): void {
    this.toppingUp.add(stream);
    this.source
      .reserve(stream, this.blockSize)
      .then((before) => {
        // Another run may have reserved in between: jump over its numbers.
        if (before !== limit) this.next.set(stream, Math.max(this.next.get(stream) ?? 0, before + 1));
        this.limit.set(stream, before + this.blockSize);
      })
      .catch(this.onError)
      .finally(() => this.toppingUp.delete(stream));
  }
}

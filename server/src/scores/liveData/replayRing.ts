import type { LiveMessage } from './liveMessage';

/**
 * The last `capacity` messages of one stream, contiguous by seq: what a reconnecting client can
 * be sent again. A gap in the numbers (a lost message from another node, a restarted sequence)
 * starts the ring afresh, so a replay never skips a message silently.
 *
 * `maxBytes` also bounds what it holds by size (the encoded frames' bytes; each message's JSON
 * text is held beside its frame, so the memory is about twice that): the oldest messages go first,
 * so what is left stays contiguous, and always at least the newest one. The match centre's
 * deltas (a few KB each, unlike the score rows) are bounded this way (liveDataHub.ts).
 */
export class ReplayRing {
  private readonly items: (LiveMessage | undefined)[];
  private start = 0;
  private count = 0;
  private heldBytes = 0;

  constructor(
    readonly capacity: number,
    readonly maxBytes = Number.POSITIVE_INFINITY,
  ) {
    this.items = new Array<LiveMessage | undefined>(capacity);
  }

  /** The encoded frames' bytes held now. */
  get bytes(): number {
    return this.heldBytes;
  }

  get size(): number {
    return this.count;
  }

  push(message: LiveMessage): void {
    const last = this.last();
    if (last !== undefined && message.seq !== last.seq + 1) this.clear();
    if (this.count === this.capacity) this.dropOldest();
    this.items[(this.start + this.count) % this.capacity] = message;
    this.count += 1;
    this.heldBytes += message.frame.length;
    while (this.count > 1 && this.heldBytes > this.maxBytes) this.dropOldest();
  }

  private dropOldest(): void {
    const oldest = this.items[this.start];
    this.heldBytes -= oldest?.frame.length ?? 0;
    this.items[this.start] = undefined;
    this.start = (this.start + 1) % this.capacity;
    this.count -= 1;
  }

  /** Every message after `lastSeq`, in order; null when the ring no longer holds them all. */
  since(lastSeq: number): LiveMessage[] | null {
    const first = this.items[this.start];
    const last = this.last();
    if (first === undefined || last === undefined) return null;
    if (lastSeq >= last.seq) return lastSeq === last.seq ? [] : null;
    if (lastSeq < first.seq - 1) return null;
    const skip = lastSeq - first.seq + 1;
    const result: LiveMessage[] = [];
    for (let index = skip; index < this.count; index += 1) result.push(this.items[(this.start + index) % this.capacity] as LiveMessage);
    return result;
  }

  /** Everything held, oldest first. */
  messages(): LiveMessage[] {
    const first = this.items[this.start];
    return first === undefined ? [] : (this.since(first.seq - 1) ?? []);
  }

  clear(): void {
    this.items.fill(undefined);
    this.start = 0;
    this.count = 0;
    this.heldBytes = 0;
  }

  private last(): LiveMessage | undefined {
    return this.count === 0 ? undefined : this.items[(this.start + this.count - 1) % this.capacity];
  }
}

import type { LiveMessage } from './liveMessage';

/**
 * The last `capacity` messages of one stream, contiguous by seq: what a reconnecting client can
 * be sent again. A gap in the numbers (a lost message from another node, a restarted sequence)
 * starts the ring afresh, so a replay never skips a message silently.
 */
export class ReplayRing {
  private readonly items: (LiveMessage | undefined)[];
  private start = 0;
  private count = 0;

  constructor(readonly capacity: number) {
    this.items = new Array<LiveMessage | undefined>(capacity);
  }

  push(message: LiveMessage): void {
    const last = this.last();
    if (last !== undefined && message.seq !== last.seq + 1) this.clear();
    if (this.count === this.capacity) {
      this.items[this.start] = message;
      this.start = (this.start + 1) % this.capacity;
    } else {
      this.items[(this.start + this.count) % this.capacity] = message;
      this.count += 1;
    }
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
  }

  private last(): LiveMessage | undefined {
    return this.count === 0 ? undefined : this.items[(this.start + this.count - 1) % this.capacity];
  }
}
